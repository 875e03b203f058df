import { z } from "zod";

export const PASSWORD_MIN = 10;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const signUpSchema = z.object({
  email: emailSchema,
  displayName: z.string().trim().min(2, "Display name needs at least 2 characters").max(40, "Display name is at most 40 characters"),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password needs at least ${PASSWORD_MIN} characters`)
    .max(200, "Password is at most 200 characters"),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(200, "Password is at most 200 characters"),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
