// A user as the API creates and updates them, and as the user dialog checks them.
import { z } from "zod";
import { DEFAULT_NEW_USER_SCOPE, STORED_SCOPES } from "../access.ts";
import { LOCALES } from "../constants.ts";
import { email, name, newAccountFields, password, passwordConfirmation, passwordsMatch } from "./auth.ts";
import { idField } from "./core.ts";

/** Who a user is and what they may do; absent on update means unchanged. */
const membershipFields = {
  scope: z.enum(STORED_SCOPES),
  club: idField.nullable(),
  teams: z.array(idField).max(200),
  roles: z.array(idField).max(50),
  locale: z.enum(LOCALES),
};

export const createUserInput = z
  .strictObject({
    ...newAccountFields,
    ...membershipFields,
    scope: membershipFields.scope.default(DEFAULT_NEW_USER_SCOPE),
    club: membershipFields.club.optional(),
    teams: membershipFields.teams.optional(),
    roles: membershipFields.roles.optional(),
    locale: membershipFields.locale.optional(),
  })
  .superRefine(passwordsMatch);

const updateFields = {
  email: email.optional(),
  password: password.optional(),
  password_confirmation: passwordConfirmation.optional(),
  first_name: name.optional(),
  last_name: name.optional(),
  scope: membershipFields.scope.optional(),
  club: membershipFields.club.optional(),
  teams: membershipFields.teams.optional(),
  roles: membershipFields.roles.optional(),
  locale: membershipFields.locale.optional(),
};

function newPasswordConfirmed(
  value: { password?: string; password_confirmation?: string },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.password !== undefined) {
    passwordsMatch({ password: value.password, password_confirmation: value.password_confirmation ?? "" }, ctx);
  }
}

/** PUT /v1/users/{id}. */
export const updateUserInput = z.strictObject(updateFields).superRefine(newPasswordConfirmed);
/** PUT /v1/users and tRPC: the user's id in the body. */
export const updateUserByIdInput = z.strictObject({ id: idField, ...updateFields }).superRefine(newPasswordConfirmed);
