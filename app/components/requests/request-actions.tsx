import { type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass, hintClass, inputClass, labelClass } from "~/components/forms";
import { NOTE_MAX } from "~/requests/inbox";
import { type InboxItem } from "~/requests/inbox.server";

const QUESTIONS: Record<string, string> = {
  confirm: "Confirm this booking? The guest is e-mailed that it is confirmed and can book flights.",
  decline: "Decline this booking? The guest is e-mailed that it is not available.",
};

/** With JavaScript, a decision that e-mails the guest is asked about first. */
function askFirst(event: FormEvent<HTMLFormElement>) {
  const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
  const question = submitter instanceof HTMLButtonElement ? QUESTIONS[submitter.value] : undefined;
  if (question && !confirm(question)) event.preventDefault();
}

/** What staff can do with a new request: confirm or decline a booking, or mark it handled. */
export function RequestActions({ item }: { item: InboxItem }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  // The visible label starts the accessible name; the rest says which request it acts on.
  const who = (
    <span className="sr-only">
      {" "}
      {item.kind === "booking" ? "booking" : "request"} from {item.firstName} {item.lastName}
    </span>
  );
  if (item.kind !== "booking") {
    return (
      <Form method="post" className="flex md:justify-end">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="kind" value={item.kind} />
        <button
          type="submit"
          name="intent"
          value="handle"
          disabled={busy}
          className={buttonClass.primary}
        >
          Mark handled{who}
        </button>
      </Form>
    );
  }
  const noteId = `note-${item.id}`;
  return (
    <Form method="post" onSubmit={askFirst} className="space-y-3" aria-busy={busy || undefined}>
      <input type="hidden" name="id" value={item.id} />
      <div>
        <label htmlFor={noteId} className={labelClass}>
          Note to the guest <span className="font-normal">(optional)</span>
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={2}
          maxLength={NOTE_MAX}
          aria-describedby={`${noteId}-hint`}
          className={inputClass}
        />
        <p id={`${noteId}-hint`} className={hintClass}>
          Added to the e-mail that tells the guest.
        </p>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <button
          type="submit"
          name="intent"
          value="confirm"
          disabled={busy}
          className={buttonClass.primary}
        >
          Confirm{who}
        </button>
        <button
          type="submit"
          name="intent"
          value="decline"
          disabled={busy}
          className={buttonClass.danger}
        >
          Decline{who}
        </button>
      </div>
    </Form>
  );
}
