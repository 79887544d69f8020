import { z } from "~/lib/zod";
import { hiddenFields, SENDER_MESSAGES, senderFields, text, type NotSentMessages } from "./fields";

/** The support message form (/contact and its JSON endpoint), for the browser and the server. */

export const SUPPORT_FORM_MESSAGES = {
  message: "Please enter your message",
} as const;

/** The longest message taken. */
export const MESSAGE_MAX = 5000;

export const supportMessageSchema = z.object({
  ...senderFields({ phoneRequired: SENDER_MESSAGES.phone }),
  message: text(SUPPORT_FORM_MESSAGES.message, MESSAGE_MAX, { multiline: true }),
  ...hiddenFields,
});

export type SupportMessageInput = z.infer<typeof supportMessageSchema>;

export const SUPPORT_MESSAGE_NOT_SENT = {
  notStored: "Failed to send message. Please try again.",
  notStoredShort: "Failed to submit support message",
} as const satisfies NotSentMessages;
