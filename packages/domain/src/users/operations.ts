import { deletedAnswer, resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import {
  clubUserParams,
  clubUsersParams,
  createUserInput,
  updateUserByIdInput,
  userSchema,
  usersQuery,
} from "./schemas.ts";
import { createUsersService } from "./service.ts";

export default domain(createUsersService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Users: everyone for system administrators, otherwise the caller's club's (club scope or users.all)",
    rest: { method: "GET", path: "/v1/users" },
    input: usersQuery,
    output: pagedSchema(userSchema),
    run: (users, input, caller) => users.list(input, caller),
  }),
  ofClub: op.query({
    auth: "user",
    summary: "A club's users",
    rest: { method: "GET", path: "/v1/clubs/:club/users" },
    input: clubUsersParams.extend(usersQuery.shape),
    output: pagedSchema(userSchema),
    run: (users, { club, ...page }, caller) => users.listOfClub(club, page, caller),
  }),
  get: op.query({
    auth: "user",
    summary: "One user: oneself, or a user one manages",
    rest: { method: "GET", path: "/v1/users/:id" },
    input: idParams,
    output: resourceAnswer(userSchema),
    run: (users, input, caller) => users.get(input.id, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Create a user (club administrators only in their own club, never scope system)",
    rest: { method: "POST", path: "/v1/users", status: 201 },
    input: createUserInput,
    output: writeAnswer(userSchema),
    run: (users, input, caller) => users.create(input, caller),
  }),
  update: op.mutation({
    auth: "user",
    summary: "Update a user",
    rest: [
      { method: "PUT", path: "/v1/users" },
      { method: "PUT", path: "/v1/users/:id" },
    ],
    input: updateUserByIdInput,
    output: writeAnswer(userSchema),
    run: (users, { id, ...changes }, caller) => users.update(id, changes, caller),
  }),
  delete: op.mutation({
    auth: "user",
    summary: "Delete a user (system administrators, or administrators of the user's club; never oneself)",
    rest: { method: "DELETE", path: "/v1/users/:id" },
    input: idParams,
    output: deletedAnswer,
    run: (users, input, caller) => users.remove(input.id, caller),
  }),
  removeFromClub: op.mutation({
    auth: "user",
    summary: "Take a user out of a club: no club any more, and none of its teams",
    rest: { method: "DELETE", path: "/v1/clubs/:club/users/:id" },
    input: clubUserParams,
    output: deletedAnswer,
    run: (users, input, caller) => users.removeFromClub(input.club, input.id, caller),
  }),
}));
