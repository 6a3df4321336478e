import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { permissionChangeInput, permissionsAnswer, roleAnswer, roleParams, rolesAnswer } from "./schemas.ts";

export function rolesRoutes(r: RouteRegistrar, { roles }: Services): void {
  const tags = ["roles"];
  r.route({
    method: "GET",
    url: "/v1/groups",
    auth: "user",
    summary: "Roles (groups) with their permissions grouped by category (system administrators)",
    tags,
    response: rolesAnswer,
    handler: (_input, ctx) => roles.listGroups(ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/permissions",
    auth: "user",
    summary: "Permissions with the roles (groups) holding each (system administrators)",
    tags,
    response: permissionsAnswer,
    handler: (_input, ctx) => roles.listPermissions(ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/groups/:role/add-permission",
    auth: "user",
    summary: "Give a role a permission (idempotent)",
    tags,
    params: roleParams,
    body: permissionChangeInput,
    response: roleAnswer,
    handler: ({ params, body }, ctx) => roles.addPermission(params.role, body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/groups/:role/remove-permission",
    auth: "user",
    summary: "Take a permission from a role (idempotent)",
    tags,
    params: roleParams,
    body: permissionChangeInput,
    response: roleAnswer,
    handler: ({ params, body }, ctx) => roles.removePermission(params.role, body, ctx),
  });
}
