import { doneAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { noInput } from "../core/schemas.ts";
import { forgotInput, loginInput, meAnswer, registerInput, resetInput, tokenAnswer } from "./schemas.ts";
import { createAuthService } from "./service.ts";

export default domain(createAuthService, (op) => ({
  login: op.mutation({
    auth: "public",
    refusals: [401, 429],
    summary: "Sign in with e-mail and password",
    rest: { method: "POST", path: "/v1/login", session: "start" },
    input: loginInput,
    output: tokenAnswer,
    run: (auth, input, caller) => auth.login(input, caller),
  }),
  logout: op.mutation({
    auth: "user",
    summary: "Revoke the presented token",
    rest: { method: "POST", path: "/v1/logout", session: "end" },
    input: noInput,
    output: doneAnswer,
    run: (auth, _input, caller) => auth.logout(caller),
  }),
  me: op.query({
    auth: "user",
    summary: "The signed-in user with scope, club, teams and permissions",
    rest: { method: "GET", path: "/v1/me" },
    input: noInput,
    output: meAnswer,
    run: (auth, _input, caller) => auth.me(caller),
  }),
  register: op.mutation({
    auth: "public",
    refusals: [429],
    summary:
      "Create an account (scope player) unless the address has one; the same answer either way, the owner is e-mailed",
    rest: { method: "POST", path: "/v1/register", status: 201 },
    input: registerInput,
    output: doneAnswer,
    run: (auth, input, caller) => auth.register(input, caller),
  }),
  forgot: op.mutation({
    auth: "public",
    refusals: [429],
    summary: "E-mail a one-time password reset link",
    rest: { method: "POST", path: "/v1/forgot" },
    input: forgotInput,
    output: doneAnswer,
    run: (auth, input, caller) => auth.forgotPassword(input, caller),
  }),
  reset: op.mutation({
    auth: "public",
    summary: "Choose a new password with a reset link's token",
    rest: { method: "POST", path: "/v1/reset" },
    input: resetInput,
    output: doneAnswer,
    run: (auth, input, caller) => auth.resetPassword(input, caller),
  }),
}));
