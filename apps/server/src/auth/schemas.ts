import { z } from "zod";
import { exactText, text } from "../core/schemas.ts";

export const email = text(255).toLowerCase().pipe(z.email());
export const password = exactText(200).min(8);
export const name = text(100).min(1);
/** What a confirmation is compared with: kept as sent, like the password. */
export const passwordConfirmation = exactText(200);

export function passwordsMatch(value: { password: string; password_confirmation: string }, ctx: z.core.$RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], params: { key: "validation.passwords_differ" } });
  }
}

export const loginInput = z.strictObject({
  email,
  password: exactText(200).min(1),
});

/** Who a new account is and its password; registering and creating a user both ask for them. */
export const newAccountFields = {
  email,
  password,
  password_confirmation: passwordConfirmation,
  first_name: name,
  last_name: name,
};

export const registerInput = z.strictObject(newAccountFields).superRefine(passwordsMatch);

export const forgotInput = z.strictObject({ email });

export const resetInput = z
  .strictObject({
    token: exactText(200).min(1),
    email,
    password,
    password_confirmation: passwordConfirmation,
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
