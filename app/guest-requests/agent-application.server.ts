import { agentApplications } from "~/db/schema";
import {
  AGENT_APPLICATION_NOT_SENT,
  agentApplicationSchema,
  type AgentApplicationInput,
} from "./agent-application";
import { emailLine, type RequestKindDefinition } from "./store.server";

/** Agent applications: people who want to sell our stays apply; staff contact them. */
export const agentApplicationKind = {
  kind: "agent-application",
  label: "agent application",
  table: agentApplications,
  schema: () => agentApplicationSchema,
  toRow: (_app, input, keys) => ({
    ...keys,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    isCurrentAgent: input.isCurrentAgent,
    currentOccupation: input.currentOccupation,
    whyThrive: input.whyThrive,
  }),
  emails: (row, { siteName, staffEmail, origin }) => [
    {
      to: staffEmail,
      subject: `Agent application: ${row.firstName} ${row.lastName}`,
      content: {
        siteName,
        heading: "New travel agent application",
        paragraphs: [
          emailLine("Name", `${row.firstName} ${row.lastName}`),
          emailLine("E-mail", row.email),
          emailLine("Phone", row.phone),
          emailLine("Currently a travel agent", row.isCurrentAgent),
          emailLine("Current occupation", row.currentOccupation),
          emailLine("Why they would thrive", row.whyThrive),
        ],
        action: {
          label: "Open the staff inbox",
          url: `${origin}/admin/requests?kind=agent-application`,
        },
      },
    },
    {
      to: row.email,
      subject: `Your application to ${siteName}`,
      content: {
        siteName,
        heading: "We'll be in touch",
        paragraphs: [
          // A fixed text: a receipt never repeats the sender's own words.
          "Thank you. Your application was received and our team will contact you soon.",
          "Our agents get free training and an 80/20 commission split: you keep 80%.",
          emailLine("Reference", row.id),
        ],
        footer: `You are receiving this because you applied on ${siteName}.`,
      },
    },
  ],
  messages: {
    ...AGENT_APPLICATION_NOT_SENT,
    received: "Application received",
  },
} satisfies RequestKindDefinition<typeof agentApplications, AgentApplicationInput>;
