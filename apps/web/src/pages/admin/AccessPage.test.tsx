import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { apiError } from "../../../test/fake-api.ts";
import AccessPage, { byCategory, holds, withPermission, type Permission, type Role } from "./AccessPage.tsx";

const permission = (id: number, name: string): Permission => ({
  id,
  name,
  category: name.split(".")[0]!,
  groups: [],
});
const PERMISSIONS = [
  permission(1, "matches.create"),
  permission(2, "matches.view"),
  permission(3, "scheduler.all"),
  permission(4, "users.all"),
];
const role = (id: number, name: string, held: Permission[]): Role => ({
  id,
  name,
  description: `${name} role`,
  permissions: Object.fromEntries(
    byCategory(held).map(([category, list]) => [category, list.map(({ id, name }) => ({ id, name }))]),
  ),
});

function serverRoles() {
  return { data: [role(10, "Member", [PERMISSIONS[1]!]), role(11, "Trainer", [PERMISSIONS[1]!, PERMISSIONS[2]!])] };
}

/** A call the test answers when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const routes = [{ path: "/dashboard/access", element: <AccessPage /> }];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });

describe("the roles and permissions", () => {
  it("adds and removes a permission in the cached roles", () => {
    const roles = serverRoles();
    const added = withPermission(roles, 10, PERMISSIONS[3]!, true);
    expect(holds(added.data[0]!, PERMISSIONS[3]!)).toBe(true);
    expect(holds(added.data[1]!, PERMISSIONS[3]!)).toBe(false);
    const removed = withPermission(added, 10, PERMISSIONS[1]!, false);
    expect(removed.data[0]!.permissions).toEqual({ users: [{ id: 4, name: "users.all" }] });
    // The original is left as it was.
    expect(roles.data[0]!.permissions).toEqual({ matches: [{ id: 2, name: "matches.view" }] });
  });

  it("groups permissions by category, in the server's order", () => {
    expect(byCategory(PERMISSIONS).map(([category, list]) => [category, list.length])).toEqual([
      ["matches", 2],
      ["scheduler", 1],
      ["users", 1],
    ]);
  });
});

describe("the Access page", () => {
  it("shows each role's permissions by category and ticks at once what the server then saves", async () => {
    const user = userEvent.setup();
    const call = deferred<void>();
    let stored = serverRoles();
    const add = vi.fn(async (input: { role: number; permission_id: number }) => {
      await call.promise;
      stored = withPermission(
        stored,
        input.role,
        PERMISSIONS.find((p) => p.id === input.permission_id)!,
        true,
      );
      return { data: stored.data.find((r) => r.id === input.role), message: "Permission added." };
    });
    renderRoutes(routes, "/dashboard/access", system, undefined, {
      "roles.groups": () => stored,
      "roles.permissions": () => ({ data: PERMISSIONS }),
      "roles.addPermission": add,
    });
    expect(await screen.findByRole("tab", { name: /Member/, selected: true })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Matches" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "matches.view" })).toBeChecked();
    const box = screen.getByRole("checkbox", { name: "scheduler.all" });
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(box).toBeChecked();
    expect(add).toHaveBeenCalledWith({ role: 10, permission_id: 3 });
    call.resolve();
    expect(await screen.findByText("scheduler.all added to Member")).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it("puts a refused change back and says so", async () => {
    const user = userEvent.setup();
    const call = deferred<void>();
    const remove = vi.fn(async () => {
      await call.promise;
      throw apiError(403, "This action is unauthorized.");
    });
    renderRoutes(routes, "/dashboard/access?role=11", system, undefined, {
      "roles.groups": serverRoles,
      "roles.permissions": () => ({ data: PERMISSIONS }),
      "roles.removePermission": remove,
    });
    expect(await screen.findByRole("tab", { name: /Trainer/, selected: true })).toBeInTheDocument();
    const box = screen.getByRole("checkbox", { name: "scheduler.all" });
    expect(box).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(remove).toHaveBeenCalledWith({ role: 11, permission_id: 3 });
    call.resolve();
    expect(await screen.findByRole("alert")).toHaveTextContent("This action is unauthorized.");
    await waitFor(() => expect(box).toBeChecked());
  });

  it("switches roles and keeps the choice in the address", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/access", system, undefined, {
      "roles.groups": serverRoles,
      "roles.permissions": () => ({ data: PERMISSIONS }),
    });
    await user.click(await screen.findByRole("tab", { name: /Trainer/ }));
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/access?role=11");
    const panel = screen.getByRole("heading", { name: "Permissions of Trainer" }).closest("section")!;
    expect(within(panel).getByRole("checkbox", { name: "scheduler.all" })).toBeChecked();
    expect(screen.getByRole("tab", { name: /Trainer/ })).toHaveTextContent("2 permissions");
  });

  it("offers a retry when the roles can't be loaded", async () => {
    renderRoutes(routes, "/dashboard/access", system, undefined, {
      "roles.groups": () => {
        throw apiError(500, "Server error");
      },
      "roles.permissions": () => ({ data: PERMISSIONS }),
    });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
