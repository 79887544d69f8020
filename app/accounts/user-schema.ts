import { z } from "~/lib/zod";

/** The invite form of /admin/users and the manage-users API (an e-mail is required). */
export const inviteSchema = z.object({
  email: z
    .string({ error: "E-mail required" })
    .trim()
    .min(1, "E-mail required")
    .max(254, "Please enter a valid email address.")
    .email("Please enter a valid email address."),
});

/**
 * What /admin/users posts: an invitation, or a removal. Without JavaScript the first removal post
 * only asks; the one that carries `confirmed=yes` removes.
 */
export const userIntentSchema = z.discriminatedUnion("intent", [
  inviteSchema.extend({ intent: z.literal("invite") }),
  z.object({
    intent: z.literal("remove"),
    userId: z.string().min(1).max(100),
    confirmed: z
      .string()
      .optional()
      .transform((value) => value === "yes"),
  }),
]);

export const USERS_PAGE_SIZE = 50;

/**
 * The user list's page and page size from a query string. Beyond 10,000 pages of 200 there is
 * nobody to show; anything else unreadable falls back to the first page of 50.
 */
const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  perPage: z.coerce.number().int().min(1).max(200).catch(USERS_PAGE_SIZE),
});

export function userListQuery(params: URLSearchParams) {
  return userListQuerySchema.parse({
    page: params.get("page") ?? undefined,
    perPage: params.get("perPage") ?? undefined,
  });
}
