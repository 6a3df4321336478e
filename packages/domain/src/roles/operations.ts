import { listAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { permissionSchema, rolePermissionInput, roleSchema } from "./schemas.ts";
import { noInput } from "../core/schemas.ts";
import { createRolesService } from "./service.ts";

export default domain(createRolesService, (op) => ({
  groups: op.query({
    auth: "user",
    summary: "Roles (groups) with their permissions grouped by category (system administrators)",
    rest: { method: "GET", path: "/v1/groups" },
    input: noInput,
    output: listAnswer(roleSchema),
    run: (roles, _input, caller) => roles.listGroups(caller),
  }),
  permissions: op.query({
    auth: "user",
    summary: "Permissions with the roles (groups) holding each (system administrators)",
    rest: { method: "GET", path: "/v1/permissions" },
    input: noInput,
    output: listAnswer(permissionSchema),
    run: (roles, _input, caller) => roles.listPermissions(caller),
  }),
  addPermission: op.mutation({
    auth: "user",
    summary: "Give a role a permission (idempotent)",
    rest: { method: "POST", path: "/v1/groups/:role/add-permission" },
    input: rolePermissionInput,
    output: writeAnswer(roleSchema),
    run: (roles, { role, ...change }, caller) => roles.addPermission(role, change, caller),
  }),
  removePermission: op.mutation({
    auth: "user",
    summary: "Take a permission from a role (idempotent)",
    rest: { method: "POST", path: "/v1/groups/:role/remove-permission" },
    input: rolePermissionInput,
    output: writeAnswer(roleSchema),
    run: (roles, { role, ...change }, caller) => roles.removePermission(role, change, caller),
  }),
}));
