import { Form, Link, useFormAction } from "react-router";
import { buttonClass, SubmitButton } from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { cardClass } from "./admin-ui";
import { useSubmitting } from "~/lib/use-submitting";

/**
 * A delete that asks first. With JavaScript the browser's confirm() asks before the form posts;
 * without it the first post comes back with the question on the page (`confirming`), scrolled to
 * by the section's fragment, and the answer posts again with `confirmed=yes`.
 */
export function DeleteSection({
  id,
  heading,
  description,
  intent,
  fields,
  question,
  name,
  confirming,
  cancelHref,
  onDelete,
}: {
  /** The section's id, also the fragment the question comes back to. */
  id: string;
  heading: string;
  description: string;
  intent: string;
  /** The hidden fields naming what is deleted. */
  fields: Record<string, string>;
  question: string;
  /** What is deleted, for the answer's button ('Yes, delete …'). */
  name: string;
  confirming: boolean;
  cancelHref: string;
  /** Runs as the confirmed delete is sent. */
  onDelete?: () => void;
}) {
  const deleting = useSubmitting(intent, fields);
  const formAction = useFormAction();
  const hydrated = useHydrated();
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`${cardClass} scroll-mt-24 ring-red-200`}
    >
      <h2 id={`${id}-heading`} className="text-navy-900 font-serif text-xl">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <Form
        method="post"
        action={`${formAction}#${id}`}
        className="mt-4 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          if (!confirming && !confirm(question)) event.preventDefault();
          else onDelete?.();
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        {(hydrated || confirming) && <input type="hidden" name="confirmed" value="yes" />}
        {confirming ? (
          <>
            <p role="alert" className="w-full text-sm font-medium text-red-800">
              {question}
            </p>
            <SubmitButton busy={deleting} busyText="Deleting..." variant="danger">
              Yes, delete {name}
            </SubmitButton>
            <Link to={cancelHref} preventScrollReset className={buttonClass.secondary}>
              Cancel
            </Link>
          </>
        ) : (
          <SubmitButton busy={deleting} busyText="Deleting..." variant="danger">
            {heading}
          </SubmitButton>
        )}
      </Form>
    </section>
  );
}
