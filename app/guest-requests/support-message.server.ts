import { supportMessages } from "~/db/schema";
import { emailLine, type RequestKindDefinition } from "./store.server";
import {
  SUPPORT_MESSAGE_NOT_SENT,
  supportMessageSchema,
  type SupportMessageInput,
} from "./support-message";

/** Support messages: anyone writes to the team from /contact; staff reply by e-mail. */
export const supportMessageKind = {
  kind: "support-message",
  label: "support message",
  table: supportMessages,
  schema: () => supportMessageSchema,
  toRow: (_app, input, keys) => ({
    ...keys,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    message: input.message,
  }),
  emails: (row, { siteName, staffEmail, origin }) => [
    {
      to: staffEmail,
      subject: `Support message from ${row.firstName} ${row.lastName}`,
      content: {
        siteName,
        heading: "New support message",
        paragraphs: [
          emailLine("Name", `${row.firstName} ${row.lastName}`),
          emailLine("E-mail", row.email),
          emailLine("Phone", row.phone),
          emailLine("Message", row.message),
        ],
        action: {
          label: "Open the staff inbox",
          url: `${origin}/admin/requests?kind=support-message`,
        },
      },
    },
    {
      to: row.email,
      subject: "We received your message",
      content: {
        siteName,
        heading: "Message received",
        paragraphs: [
          // A fixed text: a receipt never repeats the sender's own words.
          "Thank you. We received your message and will reply soon.",
          emailLine("Reference", row.id),
        ],
        footer: `You are receiving this because you wrote to ${siteName}.`,
      },
    },
  ],
  messages: {
    ...SUPPORT_MESSAGE_NOT_SENT,
    received: "Message received",
  },
} satisfies RequestKindDefinition<typeof supportMessages, SupportMessageInput>;
