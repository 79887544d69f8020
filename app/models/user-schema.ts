import { z } from "zod";

/** The invite form of /admin/users and the manage-users API (an e-mail is required). */
export const inviteSchema = z.object({
  email: z
    .string({ error: "E-mail required" })
    .trim()
    .min(1, "E-mail required")
    .max(254, "Please enter a valid email address.")
    .email("Please enter a valid email address."),
});

export const removeUserSchema = z.object({ userId: z.string().min(1).max(100) });
