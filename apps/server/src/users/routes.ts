import type { RouteRegistrar } from "../core/http.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams, messageAnswer } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import {
  clubUserParams,
  clubUsersParams,
  createUserInput,
  updateUserByIdInput,
  updateUserInput,
  userAnswer,
  userSchema,
  usersQuery,
} from "./schemas.ts";

export function usersRoutes(r: RouteRegistrar, { users }: Services): void {
  const tags = ["users"];
  r.route({
    method: "GET",
    url: "/v1/users",
    auth: "user",
    summary: "Users: everyone for system administrators, otherwise the caller's club's (club scope or users.all)",
    tags,
    query: usersQuery,
    response: pagedSchema(userSchema),
    handler: ({ query }, ctx) => users.list(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:club/users",
    auth: "user",
    summary: "A club's users",
    tags,
    params: clubUsersParams,
    query: usersQuery,
    response: pagedSchema(userSchema),
    handler: ({ params, query }, ctx) => users.listOfClub(params.club, query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/users/:id",
    auth: "user",
    summary: "One user: oneself, or a user one manages",
    tags,
    params: idParams,
    response: userAnswer,
    handler: ({ params }, ctx) => users.get(params.id, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/users",
    auth: "user",
    summary: "Create a user (club administrators only in their own club, never scope system)",
    tags,
    body: createUserInput,
    status: 201,
    response: userAnswer,
    handler: ({ body }, ctx) => users.create(body, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/users",
    auth: "user",
    summary: "Update the user whose id is in the body",
    tags,
    body: updateUserByIdInput,
    response: userAnswer,
    handler: ({ body: { id, ...changes } }, ctx) => users.update(id, changes, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/users/:id",
    auth: "user",
    summary: "Update a user",
    tags,
    params: idParams,
    body: updateUserInput,
    response: userAnswer,
    handler: ({ params, body }, ctx) => users.update(params.id, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/users/:id",
    auth: "user",
    summary: "Delete a user (system administrators, or administrators of the user's club; never oneself)",
    tags,
    params: idParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => users.remove(params.id, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/clubs/:club/users/:id",
    auth: "user",
    summary: "Take a user out of a club: no club any more, and none of its teams",
    tags,
    params: clubUserParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => users.removeFromClub(params.club, params.id, ctx),
  });
}
