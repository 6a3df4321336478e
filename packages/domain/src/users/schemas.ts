import { z } from "zod";
import { LOCALES, STORED_SCOPES } from "@clubcast/shared";
import { createUserInput, updateUserByIdInput, updateUserInput } from "@clubcast/shared/schemas";
import { pageQuery } from "../core/pagination.ts";
import { idParam, namedRecord } from "../core/schemas.ts";

export const clubUsersParams = z.strictObject({ club: idParam });
export const clubUserParams = z.strictObject({ club: idParam, id: idParam });
export const usersQuery = pageQuery;

// The inputs live in @clubcast/shared: the web's user dialog checks with them too.
export { createUserInput, updateUserByIdInput, updateUserInput };

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

export type CreateUserInput = z.infer<typeof createUserInput>;
export type UpdateUserInput = z.infer<typeof updateUserInput>;
