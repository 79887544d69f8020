import { TextareaField } from "~/components/forms";
import { type RequestFormReply } from "~/requests/fields";
import { supportMessageSchema } from "~/requests/support-message";
import { ContactFields, NameFields } from "./request-fields";
import { RequestForm, useRequestForm } from "./request-form";

/** The support message form on /contact. */
export function SupportMessageForm({
  idempotencyKey,
  email,
  siteKey,
  reply,
}: {
  idempotencyKey: string;
  /** The signed-in member's address, to start with. */
  email: string;
  siteKey: string;
  reply: RequestFormReply | undefined;
}) {
  const state = useRequestForm({
    id: "support-message",
    path: "/contact",
    schema: supportMessageSchema,
    reply,
    defaultValue: { email },
  });
  const { fields } = state;
  return (
    <RequestForm
      state={state}
      action="/contact#message"
      idempotencyKey={idempotencyKey}
      siteKey={siteKey}
      submit={{ label: "Send message", busyLabel: "Sending...", className: "w-full sm:w-auto" }}
      className="mt-6"
    >
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <ContactFields email={fields.email} phone={fields.phone} emailLabel="Email" />
      <TextareaField field={fields.message} label="Message" rows={6} />
    </RequestForm>
  );
}
