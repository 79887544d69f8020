import { Form, Link } from "react-router";
import { smallButtonClass } from "~/components/forms";

/**
 * Remove asks first: with JavaScript in a confirm(); without it, the page comes back with the
 * question at the user's row (the form's fragment scrolls to it).
 */
export function RemoveUser({
  email,
  userId,
  confirming,
  hydrated,
  action,
}: {
  email: string;
  userId: string;
  confirming: boolean;
  hydrated: boolean;
  action: string;
}) {
  const question = `Remove ${email}? They will be signed out.`;
  return (
    <Form
      method="post"
      action={action}
      id={confirming ? "confirm-remove" : undefined}
      className={
        confirming
          ? "flex w-full scroll-mt-24 flex-wrap items-center gap-3 rounded-xl bg-red-50 p-3"
          : undefined
      }
      onSubmit={(event) => {
        if (!confirming && !confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="userId" value={userId} />
      {(hydrated || confirming) && <input type="hidden" name="confirmed" value="yes" />}
      {confirming && (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {question}
        </p>
      )}
      <button
        type="submit"
        name="intent"
        value="remove"
        aria-label={confirming ? undefined : `Remove ${email}`}
        className={confirming ? smallButtonClass.dangerSolid : `${smallButtonClass.danger} w-20`}
      >
        {confirming ? `Yes, remove ${email}` : "Remove"}
      </button>
      {confirming && (
        <Link to="/admin/users" className={smallButtonClass.secondary}>
          Cancel
        </Link>
      )}
    </Form>
  );
}
