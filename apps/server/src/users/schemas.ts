import { z } from "zod";
import { DEFAULT_NEW_USER_SCOPE, LOCALES, STORED_SCOPES } from "@clubcast/shared";
import { pageQuery } from "../core/pagination.ts";
import { email, name, newAccountFields, password, passwordConfirmation, passwordsMatch } from "../auth/schemas.ts";
import { idField, idParam, namedRecord } from "../core/schemas.ts";

export const clubUsersParams = z.strictObject({ club: idParam });
export const clubUserParams = z.strictObject({ club: idParam, id: idParam });
export const usersQuery = pageQuery;

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
/** The user to change (in the body on PUT /v1/users, in the path on PUT /v1/users/:id) and the changes. */
export const updateUserByIdInput = z.strictObject({ id: idField, ...updateFields }).superRefine(newPasswordConfirmed);

const user = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  scope: z.enum(STORED_SCOPES),
  locale: z.enum(LOCALES),
  club: namedRecord.nullable(),
  teams: z.array(z.object({ id: z.number().int(), fullname: z.string() })),
  roles: z.array(namedRecord),
  permissions: z.array(z.string()),
  created_at: z.string(),
});
export const userSchema = user;
/** The signed-in user, as GET /v1/me shows them. */
export const meAnswer = z.object({ user });

export type CreateUserInput = z.infer<typeof createUserInput>;
export type UpdateUserInput = z.infer<typeof updateUserInput>;
