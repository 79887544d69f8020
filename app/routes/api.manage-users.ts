import { z } from "~/lib/zod";
import { type Route } from "./+types/api.manage-users";
import { inviteMember, removeMember, USER_MESSAGES } from "~/accounts/members.server";
import { requireAdmin } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { readJson } from "~/lib/body.server";
import { ERROR_STATUS, isDomainError, jsonRefusal } from "~/lib/errors.server";
import { inviteSchema, userListQuery } from "~/accounts/user-schema";
import { listUsers } from "~/accounts/users.server";

/**
 * The manage-users API, for admins only (by session cookie or `Authorization: Bearer <session
 * token>`): list (50 a page), invite, remove. JSON in and out; errors are `{ message }`.
 */
const json = (body: unknown, status = 200) => Response.json(body, { status });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "json");
  const query = userListQuery(new URL(request.url).searchParams);
  const list = await listUsers(getAppContext(context).db, query);
  return json({
    users: list.users.map(({ id, email }) => ({ id, email })),
    page: list.page,
    perPage: list.perPage,
    total: list.total,
  });
}

const postSchema = inviteSchema.extend({
  action: z.literal("invite", { error: "Unknown action" }),
  redirectTo: z.string().max(2000).optional(),
});
const deleteSchema = z
  .object({ userId: z.string().min(1).max(100).optional(), email: z.string().max(254).optional() })
  .refine((value) => value.userId || value.email, { message: "userId or email required" });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context, "json");
  const app = getAppContext(context);
  if (request.method !== "POST" && request.method !== "DELETE") {
    return json({ message: "Method not allowed" }, 405);
  }
  const body = await readJson(request);
  try {
    if (request.method === "POST") {
      const parsed = postSchema.safeParse(body);
      if (!parsed.success) {
        return json(
          {
            message: parsed.error.issues[0]?.message ?? USER_MESSAGES.inviteFailed,
            errors: z.flattenError(parsed.error).fieldErrors,
          },
          ERROR_STATUS.invalid,
        );
      }
      const { user, created } = await inviteMember(app, {
        email: parsed.data.email,
        invitedBy: auth.user.id,
      });
      return json(
        {
          message: created
            ? "Account created; the invitation e-mail is queued"
            : "Already a member; a new sign-in link is queued",
          user: { id: user.id, email: user.email },
        },
        created ? 201 : 200,
      );
    }
    const parsed = deleteSchema.safeParse(body);
    if (!parsed.success) {
      return json(
        { message: parsed.error.issues[0]?.message ?? "Delete failed" },
        ERROR_STATUS.invalid,
      );
    }
    const removed = await removeMember(app.db, auth.user, parsed.data);
    return json({ message: "User removed", user: removed });
  } catch (error) {
    if (isDomainError(error)) return jsonRefusal(error);
    throw error;
  }
}
