import type { RouteRegistrar } from "../core/http.ts";
import { messageAnswer } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import { forgotInput, loginInput, registerInput, resetInput, tokenAnswer } from "./schemas.ts";

export function authRoutes(r: RouteRegistrar, { auth }: Services): void {
  const tags = ["auth"];
  r.route({
    method: "POST",
    url: "/v1/login",
    auth: "public",
    summary: "Sign in with e-mail and password",
    tags,
    body: loginInput,
    response: tokenAnswer,
    session: "start",
    handler: ({ body }, ctx) => auth.login(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/logout",
    auth: "user",
    summary: "Revoke the presented token",
    tags,
    session: "end",
    handler: (_input, ctx) => auth.logout(ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/me",
    auth: "user",
    summary: "The signed-in user with scope, club, teams and permissions",
    tags,
    handler: (_input, ctx) => auth.me(ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/register",
    auth: "public",
    summary:
      "Create an account (scope player) unless the address has one; the same answer either way, the owner is e-mailed",
    tags,
    body: registerInput,
    response: messageAnswer,
    status: 201,
    handler: ({ body }, ctx) => auth.register(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/forgot",
    auth: "public",
    summary: "E-mail a one-time password reset link",
    tags,
    body: forgotInput,
    response: messageAnswer,
    handler: ({ body }, ctx) => auth.forgotPassword(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/reset",
    auth: "public",
    summary: "Choose a new password with a reset link's token",
    tags,
    body: resetInput,
    handler: ({ body }, ctx) => auth.resetPassword(body, ctx),
  });
}
