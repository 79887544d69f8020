import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { renderSVG } from "uqr";
import { type Db } from "~/db/client.server";
import { totpFactors } from "~/db/schema";
import { DomainError, RateLimitedError } from "~/lib/errors.server";
import { clearRateLimit, hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";

/** What authenticator apps expect: SHA-1, 6 digits, 30 s. */
const TOTP_SETTINGS = { algorithm: "SHA-1", digits: 6, period: 30 } as const;

export const TOTP_MESSAGES = {
  invalidCode:
    "That code is not valid. Enter the current 6-digit code from your authenticator app.",
  locked: (minutes: number) =>
    `Too many wrong codes. For your security, this authenticator app is locked for ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
} as const;

export async function listFactors(db: Db, userId: string) {
  return db
    .select({
      id: totpFactors.id,
      friendlyName: totpFactors.friendlyName,
      status: totpFactors.status,
      createdAt: totpFactors.createdAt,
      verifiedAt: totpFactors.verifiedAt,
    })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
}

export async function cancelEnrollment(db: Db, userId: string) {
  await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.userId, userId), eq(totpFactors.status, "unverified")));
}

/** Starts enrolment: a new unverified factor (replacing an unfinished one) and its QR code. */
export async function enrollFactor(db: Db, user: { id: string; email: string }, issuer: string) {
  const { secret } = await generateTOTP(TOTP_SETTINGS);
  const id = crypto.randomUUID();
  await db.batch([
    db
      .delete(totpFactors)
      .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.status, "unverified"))),
    db.insert(totpFactors).values({ id, userId: user.id, secret, status: "unverified" }),
  ]);
  return { id, ...enrollmentDetails(secret, user.email, issuer) };
}

export function enrollmentDetails(secret: string, email: string, issuer: string) {
  const uri = getTOTPAuthUri({ ...TOTP_SETTINGS, secret, accountName: email, issuer });
  return { secret, uri, qrSvg: renderSVG(uri, { border: 1 }) };
}

export async function pendingFactor(db: Db, userId: string) {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), eq(totpFactors.status, "unverified")));
  return factor ?? null;
}

/** The time step a code belongs to, or null if it does not match (one step of clock drift allowed). */
async function matchingStep(secret: string, code: string, now: number) {
  if (!/^\d{6}$/.test(code)) return null;
  const match = await verifyTOTP({ otp: code, secret, ...TOTP_SETTINGS, window: 1 });
  if (!match) return null;
  return Math.floor(now / 1000 / TOTP_SETTINGS.period) + match.delta;
}

/**
 * Checks a code against the user's factor (`status`), marking an unverified one verified; returns
 * why it is refused, or null. A code is accepted once: its time step must be later than the last
 * one used (no replay). Codes cannot be guessed: after 5 wrong ones a factor takes none for
 * 15 minutes (each try is counted before it is checked, atomically; a right code starts again).
 */
export async function verifyFactorCode(
  { db, now: moment }: { db: Db; now: Date },
  userId: string,
  code: string,
  status: "unverified" | "verified",
): Promise<DomainError | null> {
  const now = moment.getTime();
  const invalid = new DomainError("invalid", TOTP_MESSAGES.invalidCode, "code");
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), eq(totpFactors.status, status)));
  if (!factor) return invalid;
  const attempts = await hitRateLimit(db, RATE_LIMITS.totpAttempts, factor.id, now);
  if (!attempts.allowed) {
    const minutes = Math.ceil(attempts.retryAfterSeconds / 60);
    return new RateLimitedError(TOTP_MESSAGES.locked(minutes), attempts.retryAfterSeconds);
  }
  const step = await matchingStep(factor.secret, code.trim(), now);
  if (step === null) return invalid;
  const claimed = await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      ...(status === "unverified"
        ? { status: "verified" as const, verifiedAt: new Date(now).toISOString() }
        : {}),
    })
    .where(
      and(
        eq(totpFactors.id, factor.id),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: totpFactors.id });
  if (claimed.length === 0) return invalid;
  await clearRateLimit(db, RATE_LIMITS.totpAttempts, factor.id);
  return null;
}

export async function removeFactor(db: Db, userId: string, factorId: string) {
  const removed = await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.id, factorId), eq(totpFactors.userId, userId)))
    .returning({ id: totpFactors.id });
  return removed.length > 0;
}
