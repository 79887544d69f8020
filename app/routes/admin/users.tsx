import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useFormAction } from "react-router";
import { type Route } from "./+types/users";
import { inviteMember, removeMember } from "~/accounts/members.server";
import { requireAdmin } from "~/accounts/guards.server";
import { RemoveUser } from "~/components/accounts/remove-user";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { ERROR_STATUS, isDomainError, retryAfterOf } from "~/lib/errors.server";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { redirectWithToast } from "~/lib/toast.server";
import {
  inviteSchema,
  userIntentSchema,
  userListQuery,
  USERS_PAGE_SIZE,
} from "~/accounts/user-schema";
import { findUserById, listUsers } from "~/accounts/users.server";
import { useSubmitting } from "~/lib/use-submitting";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Manage Users",
    description: "Invite and remove members.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireAdmin(request, context);
  const { page } = userListQuery(new URL(request.url).searchParams);
  const list = await listUsers(getAppContext(context).db, { page, perPage: USERS_PAGE_SIZE });
  return { ...list, currentUserId: auth.user.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const app = getAppContext(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: userIntentSchema });
  if (submission.status !== "success") {
    return formData.get("intent") === "remove"
      ? redirectWithToast(app, HERE, deleteFailed)
      : data(invite(submission.reply()), { status: ERROR_STATUS.invalid });
  }
  const intent = submission.value;

  if (intent.intent === "remove") {
    if (intent.userId === auth.user.id) return redirectWithToast(app, HERE, deleteFailed);
    // Without JavaScript there is no confirm(): the first post asks, the second removes.
    if (!intent.confirmed) {
      const target = await findUserById(app.db, intent.userId);
      if (!target) return redirectWithToast(app, HERE, deleteFailed);
      return { form: "confirm-remove" as const, userId: target.id, email: target.email };
    }
    try {
      const removed = await removeMember(app.db, auth.user, { userId: intent.userId });
      return redirectWithToast(app, HERE, { type: "success", message: `Removed ${removed.email}` });
    } catch (error) {
      if (isDomainError(error)) return redirectWithToast(app, HERE, deleteFailed);
      throw error;
    }
  }

  try {
    const { user, created } = await inviteMember(app, {
      email: intent.email,
      invitedBy: auth.user.id,
    });
    return redirectWithToast(app, HERE, {
      type: "success",
      message: created
        ? `Account created for ${user.email}; the invitation e-mail is on its way`
        : `${user.email} is already ${user.role === "admin" ? "an admin" : "a member"}; a new sign-in link is on its way`,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(invite(submission.reply({ formErrors: [error.message] })), {
      status: error.status,
      headers: error.headers,
    });
  }
}

const HERE = "/admin/users";
const deleteFailed = { type: "error", message: "Delete failed" } as const;
const invite = (result: SubmissionResult<string[]>) => ({ form: "invite" as const, result });

export default function ManageUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, page, pages, total, currentUserId } = loaderData;
  const busy = useSubmitting("invite");
  const hydrated = useHydrated();
  const formAction = useFormAction();
  const confirming = actionData?.form === "confirm-remove" ? actionData : null;
  const confirmingId = confirming?.userId ?? null;
  // The question is asked beside its row, or above the list when the row is on another page.
  const confirmingElsewhere = confirming && !users.some((user) => user.id === confirming.userId);
  const [form, fields] = useForm({
    lastResult: actionData?.form === "invite" ? actionData.result : undefined,
    constraint: getZodConstraint(inviteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-navy-900 font-serif text-3xl">Manage Users</h1>
        <p className="mt-1 text-sm text-slate-600">
          Invite a member by e-mail: they get a sign-in link that lands on the members page.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-5 flex flex-wrap items-end gap-3">
          <Field
            field={fields.email}
            label="E-mail"
            type="email"
            placeholder="member@example.com"
            className="min-w-64 flex-1"
          />
          <SubmitButton
            busy={busy}
            busyText="Inviting..."
            name="intent"
            value="invite"
            className="mb-0.5"
          >
            Invite
          </SubmitButton>
        </Form>
        <div className="mt-3">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
      </section>

      <section aria-labelledby="users-heading">
        <h2 id="users-heading" className="text-navy-900 font-serif text-2xl">
          Users <span className="text-base text-slate-600">({total})</span>
        </h2>
        {confirmingElsewhere && (
          <div className="mt-4 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
            <RemoveUser
              email={confirming.email}
              userId={confirming.userId}
              confirming
              hydrated={hydrated}
              action={`${formAction}#confirm-remove`}
            />
          </div>
        )}
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              {/* Never cut short: the admin must see whom Remove removes. On a phone it has its own line. */}
              <span className="text-navy-900 min-w-0 basis-full font-medium [overflow-wrap:anywhere] sm:flex-1 sm:basis-0">
                {user.email}
              </span>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs tracking-wider text-slate-600 uppercase">
                {user.role}
              </span>
              {user.id === currentUserId ? (
                <span className="w-20 text-right text-xs text-slate-500">You</span>
              ) : (
                <RemoveUser
                  email={user.email}
                  userId={user.id}
                  confirming={confirmingId === user.id}
                  hydrated={hydrated}
                  action={`${formAction}#confirm-remove`}
                />
              )}
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
            {page > 1 ? <Link to={`?page=${page - 1}`}>← Previous</Link> : <span />}
            <span className="text-slate-600">
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={`?page=${page + 1}`}>Next →</Link> : <span />}
          </nav>
        )}
      </section>
    </div>
  );
}
