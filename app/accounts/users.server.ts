import { asc, eq, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { users } from "~/db/schema";

/** E-mail addresses are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

function adminEmails(env: Pick<Env, "ADMIN_EMAILS">) {
  return new Set((env.ADMIN_EMAILS ?? "").split(",").map(normalizeEmail).filter(Boolean));
}

const newId = () => crypto.randomUUID();

export async function findUserById(db: Db, id: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return user ?? null;
}

/**
 * Addresses in ADMIN_EMAILS are bootstrapped when they ask for a sign-in link: created as admins,
 * or promoted. Anyone else must already have been invited.
 */
export async function ensureAdminAccount(db: Db, env: Pick<Env, "ADMIN_EMAILS">, email: string) {
  const address = normalizeEmail(email);
  if (!adminEmails(env).has(address)) return;
  await db
    .insert(users)
    .values({ id: newId(), email: address, role: "admin" })
    .onConflictDoUpdate({ target: users.email, set: { role: "admin" } });
}

/** Invites a member; inviting an existing account changes nothing. */
export async function inviteUser(db: Db, email: string, invitedBy: string) {
  const id = newId();
  // One statement: an existing account is returned as it is (the update sets nothing new), so
  // the row is ours only if it carries the id just made.
  const [user] = await db
    .insert(users)
    .values({ id, email: normalizeEmail(email), role: "member", invitedBy })
    .onConflictDoUpdate({ target: users.email, set: { email: sql`${users.email}` } })
    .returning();
  if (!user) throw new Error("Inviting returned no account.");
  return { user, created: user.id === id };
}

/** Removes an account; its sessions, factors and tokens go with it (foreign keys cascade). */
export async function removeUser(db: Db, target: { userId?: string; email?: string }) {
  const condition = target.userId
    ? eq(users.id, target.userId)
    : eq(users.email, normalizeEmail(target.email ?? ""));
  const removed = await db
    .delete(users)
    .where(condition)
    .returning({ id: users.id, email: users.email });
  return removed[0] ?? null;
}

/** One page of the users, e-mail order (page and size as userListQuery reads them). */
export async function listUsers(db: Db, { page, perPage }: { page: number; perPage: number }) {
  const [rows, totals] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        lastSignInAt: users.lastSignInAt,
      })
      .from(users)
      .orderBy(asc(users.email))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ count: sql<number>`count(*)` }).from(users),
  ]);
  const total = totals[0]?.count ?? 0;
  return {
    users: rows,
    page,
    perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}
