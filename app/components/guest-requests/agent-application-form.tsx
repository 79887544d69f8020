import { Field } from "~/components/forms";
import {
  agentApplicationSchema,
  WHY_THRIVE_MAX,
  WHY_THRIVE_MIN,
} from "~/guest-requests/agent-application";
import { ChoiceField, ContactFields, MinimumTextField, NameFields } from "./request-fields";
import { RequestForm, useRequestForm, type RequestFormProps } from "./request-form";

/** The agent application on /agents. */
export function AgentApplicationForm(page: RequestFormProps) {
  const state = useRequestForm(page, {
    id: "agent-application",
    path: "/agents",
    schema: agentApplicationSchema,
    defaultValue: { email: page.email },
  });
  const { fields } = state;
  return (
    <RequestForm
      state={state}
      action="/agents#apply"
      submit={{
        label: "Submit application",
        busyLabel: "Submitting...",
        className: "w-full sm:w-auto",
      }}
      className="mt-8"
    >
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <ContactFields
        email={fields.email}
        phone={fields.phone}
        emailLabel="Email"
        accountEmail={page.email}
      />
      <ChoiceField
        field={fields.isCurrentAgent}
        legend="Are you currently a travel agent?"
        options={[
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ]}
      />
      <Field
        field={fields.currentOccupation}
        label="Current occupation"
        autoComplete="organization-title"
      />
      <MinimumTextField
        field={fields.whyThrive}
        label="Why would you thrive at our agency?"
        hint={`Please write at least ${WHY_THRIVE_MIN} characters: your experience, your network, what draws you to travel.`}
        minimum={WHY_THRIVE_MIN}
        limit={WHY_THRIVE_MAX}
      />
    </RequestForm>
  );
}
