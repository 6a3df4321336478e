import { z } from "zod";
import { forgotInput, loginInput, registerInput, resetInput } from "@clubcast/shared/schemas";
import { resourceAnswer } from "../core/answers.ts";
import { userSchema } from "../users/schemas.ts";

// The inputs live in @clubcast/shared: the web's auth and user forms check with them too.
export { forgotInput, loginInput, registerInput, resetInput };
export {
  email,
  name,
  newAccountFields,
  password,
  passwordConfirmation,
  passwordsMatch,
} from "@clubcast/shared/schemas";

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

/** The signed-in user: under `user`, where the spec's client reads it (section 7), and under `data` as every resource is. */
export const meAnswer = resourceAnswer(userSchema).extend({ user: userSchema });
