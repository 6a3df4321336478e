import { describe, expect, it } from "vitest";
import {
  createUserInput,
  formClubId,
  mayManage,
  updateUserInput,
  userFormRights,
  userFormValues,
} from "./user-form.ts";
import type { User } from "./org.ts";

const user: User = {
  id: 9,
  email: "sanne@example.test",
  first_name: "Sanne",
  last_name: "Jansen",
  scope: "trainer",
  locale: "nl",
  club: { id: 3, name: "FC Zuiderpark" },
  teams: [{ id: 21, fullname: "JO17" }],
  roles: [{ id: 2, name: "Coordinators" }],
  permissions: ["scheduler.all"],
  created_at: "2025-01-01T00:00:00.000Z",
};

describe("what the caller may set on a user", () => {
  it("lets club administrators grant scopes up to their own, in their own club, without roles", () => {
    const rights = userFormRights("club", false);
    expect(rights).toEqual({
      scopes: ["clubmember", "player", "trainer", "club"],
      choosesClub: false,
      assignsRoles: false,
    });
    const form = { ...userFormValues(null, 3), email: "a@b.test", first_name: "A", last_name: "B", teams: [21] };
    form.password = form.password_confirmation = "long enough";
    const input = createUserInput(form, rights);
    expect(input).toEqual({
      email: "a@b.test",
      first_name: "A",
      last_name: "B",
      scope: "player",
      teams: [21],
      password: "long enough",
      password_confirmation: "long enough",
    });
    expect(formClubId(form, rights, 3)).toBe(3);
  });

  it("lets system administrators choose the club (or none) and the roles", () => {
    const rights = userFormRights("system", true);
    expect(rights.scopes).toContain("system");
    const form = { ...userFormValues(user, null), club: "" };
    expect(formClubId(form, rights, null)).toBeNull();
    expect(updateUserInput(9, form, rights)).toMatchObject({ id: 9, club: null, roles: [2], teams: [21] });
  });

  it("keeps the password on edit unless a new one is typed", () => {
    const rights = userFormRights("club", false);
    const form = userFormValues(user, 3);
    expect(form).toMatchObject({ scope: "trainer", club: "3", teams: [21], roles: [2], password: "" });
    expect(updateUserInput(9, form, rights)).not.toHaveProperty("password");
    expect(
      updateUserInput(9, { ...form, password: "a new password", password_confirmation: "a new password" }, rights),
    ).toMatchObject({ password: "a new password", password_confirmation: "a new password" });
  });
});

describe("whom the caller may manage", () => {
  it("is nobody above the caller's own scope", () => {
    expect(mayManage("club", { scope: "trainer" })).toBe(true);
    expect(mayManage("club", { scope: "club" })).toBe(true);
    expect(mayManage("club", { scope: "system" })).toBe(false);
    expect(mayManage("trainer", { scope: "club" })).toBe(false);
    expect(mayManage("system", { scope: "system" })).toBe(true);
  });
});
