import { z } from "~/lib/zod";

const code = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.");

/** The authenticator-app forms of /account/security and /auth/verify. */
export const totpSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enroll") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("verify"), code }),
  z.object({ intent: z.literal("remove"), code, factorId: z.string().min(1).max(100) }),
]);

export const verifyCodeSchema = z.object({ code, dest: z.string().max(2000).optional() });
