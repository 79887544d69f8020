import { z } from "~/lib/zod";
import { hiddenFields, SENDER_MESSAGES, senderFields, text, type NotSentMessages } from "./fields";
import { visibleLength } from "~/lib/text";

/** The agent application form (/agents and its JSON endpoint), for the browser and the server. */

export const WHY_THRIVE_MIN = 50;
export const WHY_THRIVE_MAX = 5000;

export const AGENT_FORM_MESSAGES = {
  currentAgent: "Please select whether you are currently a travel agent",
  occupation: "Please enter your current occupation",
  whyThrive: "Please answer why you would thrive at our agency",
  whyThriveShort: "Please provide a more detailed answer",
} as const;

export const agentApplicationSchema = z.object({
  ...senderFields({ phoneRequired: SENDER_MESSAGES.phone }),
  isCurrentAgent: z.enum(["yes", "no"], { error: AGENT_FORM_MESSAGES.currentAgent }),
  currentOccupation: text(AGENT_FORM_MESSAGES.occupation, 200),
  // The minimum counts the trimmed answer's visible characters.
  whyThrive: text(AGENT_FORM_MESSAGES.whyThrive, WHY_THRIVE_MAX, { multiline: true }).refine(
    (value) => visibleLength(value) >= WHY_THRIVE_MIN,
    AGENT_FORM_MESSAGES.whyThriveShort,
  ),
  ...hiddenFields,
});

export type AgentApplicationInput = z.infer<typeof agentApplicationSchema>;

export const AGENT_APPLICATION_NOT_SENT = {
  notStored: "Failed to submit application",
  notStoredShort: "Failed to submit agent application",
} as const satisfies NotSentMessages;
