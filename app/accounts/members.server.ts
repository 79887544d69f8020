import { sendInvitation } from "~/accounts/magic-link.server";
import { type AppContext } from "~/context";
import { DomainError, RateLimitedError } from "~/lib/errors.server";
import { type Db } from "~/db/client.server";
import { inviteUser, normalizeEmail, removeUser } from "~/accounts/users.server";

/** Inviting and removing members: the one way /admin/users and the manage-users API do both. */

export const USER_MESSAGES = {
  inviteFailed: "Invite failed",
  removeSelf: "You cannot remove yourself.",
  notFound: "User not found",
  inviteWait: (seconds: number, email: string) =>
    `Invite failed: wait ${seconds} seconds before inviting ${email} again.`,
} as const;

/**
 * Creates a member account for the address unless there is one, and queues a sign-in link to it:
 * one outcome, as the account is made whether or not the e-mail can go now (the outbox retries).
 */
export async function inviteMember(
  app: AppContext,
  { email, invitedBy }: { email: string; invitedBy: string },
) {
  const { user, created } = await inviteUser(app.db, email, invitedBy);
  let sent: Awaited<ReturnType<typeof sendInvitation>>;
  try {
    sent = await sendInvitation(app, { email: user.email, newAccount: created });
  } catch (error) {
    // Nothing was queued (storage trouble): inviting again is safe.
    console.error("invitation not stored", error);
    throw new DomainError("unavailable", USER_MESSAGES.inviteFailed);
  }
  if (sent.status === "rate-limited") {
    throw new RateLimitedError(
      USER_MESSAGES.inviteWait(sent.retryAfterSeconds, user.email),
      sent.retryAfterSeconds,
    );
  }
  return { user, created };
}

/** Removes a member; an admin never removes their own account. */
export async function removeMember(
  db: Db,
  actor: { id: string; email: string },
  target: { userId?: string; email?: string },
) {
  const self =
    target.userId === actor.id ||
    (target.email !== undefined && normalizeEmail(target.email) === actor.email);
  if (self) throw new DomainError("invalid", USER_MESSAGES.removeSelf);
  const removed = await removeUser(db, target);
  if (!removed) throw new DomainError("not-found", USER_MESSAGES.notFound);
  return removed;
}
