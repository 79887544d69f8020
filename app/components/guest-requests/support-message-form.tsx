import { TextareaField } from "~/components/forms";
import { MESSAGE_MAX, supportMessageSchema } from "~/guest-requests/support-message";
import { ContactFields, NameFields } from "./request-fields";
import { RequestForm, useRequestForm, type RequestFormProps } from "./request-form";

/** The support message form on /contact. */
export function SupportMessageForm(page: RequestFormProps) {
  const state = useRequestForm(page, {
    id: "support-message",
    path: "/contact",
    schema: supportMessageSchema,
    defaultValue: { email: page.email },
  });
  const { fields } = state;
  return (
    <RequestForm
      state={state}
      action="/contact#message"
      submit={{ label: "Send message", busyLabel: "Sending...", className: "w-full sm:w-auto" }}
      className="mt-6"
    >
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <ContactFields
        email={fields.email}
        phone={fields.phone}
        emailLabel="Email"
        accountEmail={page.email}
      />
      <TextareaField field={fields.message} label="Message" rows={6} limit={MESSAGE_MAX} />
    </RequestForm>
  );
}
