// The user form's values and how they become the API's create and update
// inputs: what the caller may set (scope up to their own, the club only for
// system administrators, roles only for those who may open 'access').
import { DEFAULT_NEW_USER_SCOPE, grantableScopes, type Scope, type StoredScope } from "@clubcast/shared";
import type { RouterInputs } from "../../lib/trpc.ts";
import type { User } from "./org.ts";

export interface UserForm {
  email: string;
  first_name: string;
  last_name: string;
  scope: StoredScope;
  /** The club's id as the select holds it; "" for none. */
  club: string;
  teams: number[];
  roles: number[];
  password: string;
  password_confirmation: string;
}

export const USER_FORM_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "scope",
  "club",
  "teams",
  "roles",
  "password",
  "password_confirmation",
] as const satisfies readonly (keyof UserForm)[];

/** What the caller may set on a user. */
export interface UserFormRights {
  scopes: StoredScope[];
  /** System administrators place users in any club (or none). */
  choosesClub: boolean;
  assignsRoles: boolean;
}

export function userFormRights(scope: Scope, mayOpenAccess: boolean): UserFormRights {
  return { scopes: grantableScopes(scope), choosesClub: scope === "system", assignsRoles: mayOpenAccess };
}

/** Whether the caller may edit, remove or delete `user`: nobody manages a scope above their own. */
export function mayManage(callerScope: Scope, user: Pick<User, "scope">): boolean {
  return grantableScopes(callerScope).includes(user.scope);
}

/** A new user (in the caller's club, as a player) or the user being edited. */
export function userFormValues(user: User | null, callerClubId: number | null): UserForm {
  return {
    email: user?.email ?? "",
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    scope: user?.scope ?? DEFAULT_NEW_USER_SCOPE,
    club: String(user ? (user.club?.id ?? "") : (callerClubId ?? "")),
    teams: user?.teams.map((team) => team.id) ?? [],
    roles: user?.roles.map((role) => role.id) ?? [],
    password: "",
    password_confirmation: "",
  };
}

/** The club the form's teams belong to: the chosen one for system administrators, else the caller's own. */
export function formClubId(form: Pick<UserForm, "club">, rights: UserFormRights, callerClubId: number | null) {
  if (!rights.choosesClub) return callerClubId;
  return form.club ? Number(form.club) : null;
}

function membership(form: UserForm, rights: UserFormRights) {
  return {
    email: form.email,
    first_name: form.first_name,
    last_name: form.last_name,
    scope: form.scope,
    teams: form.teams,
    ...(rights.choosesClub ? { club: form.club ? Number(form.club) : null } : {}),
    ...(rights.assignsRoles ? { roles: form.roles } : {}),
  };
}

export function createUserInput(form: UserForm, rights: UserFormRights): RouterInputs["users"]["create"] {
  return {
    ...membership(form, rights),
    password: form.password,
    password_confirmation: form.password_confirmation,
  };
}

/** An update keeps the password unless a new one is typed. */
export function updateUserInput(id: number, form: UserForm, rights: UserFormRights): RouterInputs["users"]["update"] {
  return {
    id,
    ...membership(form, rights),
    ...(form.password ? { password: form.password, password_confirmation: form.password_confirmation } : {}),
  };
}
