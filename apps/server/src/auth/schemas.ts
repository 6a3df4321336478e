import { z } from "zod";

export const email = z.string().trim().toLowerCase().pipe(z.email().max(255));
export const password = z.string().min(8).max(200);
export const name = z.string().trim().min(1).max(100);

export function passwordsMatch(value: { password: string; password_confirmation: string }, ctx: z.core.$RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], params: { key: "validation.passwords_differ" } });
  }
}

export const loginInput = z.strictObject({
  email,
  password: z.string().min(1).max(200),
});

/** Who a new account is and its password; registering and creating a user both ask for them. */
export const newAccountFields = {
  email,
  password,
  password_confirmation: z.string(),
  first_name: name,
  last_name: name,
};

export const registerInput = z.strictObject(newAccountFields).superRefine(passwordsMatch);

export const forgotInput = z.strictObject({ email });

export const resetInput = z
  .strictObject({
    token: z.string().min(1).max(200),
    email,
    password,
    password_confirmation: z.string(),
  })
  .superRefine(passwordsMatch);

export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;
export type ForgotInput = z.infer<typeof forgotInput>;
export type ResetInput = z.infer<typeof resetInput>;
export type TokenAnswer = z.infer<typeof tokenAnswer>;
