// Accounts: signing in, registering, resetting a password; the server's
// calls and the web's auth and user forms check with the same fields.
import { z } from "zod";
import { exactText, text } from "./core.ts";
import { fieldError } from "./issues.ts";

export const email = text(255).toLowerCase().pipe(z.email());
export const password = exactText(200).min(8);
export const name = text(100).min(1);
/** What a confirmation is compared with: kept as sent, like the password. */
export const passwordConfirmation = exactText(200);

export function passwordsMatch(value: { password: string; password_confirmation: string }, ctx: z.core.$RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], ...fieldError("validation.passwords_differ") });
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
