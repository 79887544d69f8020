import { z } from "~/lib/zod";
import { type Route } from "./+types/api.manage-users";
import { requireAdminApi } from "~/auth/guards.server";
import { sendInvitation } from "~/auth/magic-link.server";
import { getAppContext } from "~/context";
import { readJson } from "~/lib/body.server";
import { inviteSchema, userListQuery } from "~/models/user-schema";
import { inviteUser, listUsers, removeUser } from "~/models/user.server";

/**
 * The manage-users API, for admins only (by session cookie or `Authorization: Bearer <session
 * token>`): list (50 a page), invite, remove. JSON in and out; errors are `{ message }`.
 */
const json = (body: unknown, status = 200) => Response.json(body, { status });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context);
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
  const auth = await requireAdminApi(request, context);
  const app = getAppContext(context);
  const { db } = app;
  if (request.method !== "POST" && request.method !== "DELETE") {
    return json({ message: "Method not allowed" }, 405);
  }
  const body = await readJson(request);

  if (request.method === "POST") {
    const parsed = postSchema.safeParse(body);
    if (!parsed.success) {
      return json(
        {
          message: parsed.error.issues[0]?.message ?? "Invite failed",
          errors: z.flattenError(parsed.error).fieldErrors,
        },
        400,
      );
    }
    const { user, created } = await inviteUser(db, parsed.data.email, auth.user.id);
    try {
      const sent = await sendInvitation(app, {
        email: user.email,
        origin: new URL(request.url).origin,
      });
      if (sent.status === "rate-limited") {
        return json(
          { message: `Invite failed: wait ${sent.retryAfterSeconds} seconds and try again.` },
          429,
        );
      }
    } catch (error) {
      // Nothing was queued (storage trouble): inviting again is safe.
      console.error("invitation not stored", error);
      return json({ message: "Invite failed" }, 503);
    }
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
  if (!parsed.success)
    return json({ message: parsed.error.issues[0]?.message ?? "Delete failed" }, 400);
  if (
    parsed.data.userId === auth.user.id ||
    parsed.data.email?.trim().toLowerCase() === auth.user.email
  ) {
    return json({ message: "You cannot remove yourself." }, 400);
  }
  const removed = await removeUser(db, parsed.data);
  if (!removed) return json({ message: "User not found" }, 404);
  return json({ message: "User removed", user: removed });
}
