// Types and names shared by the teams and users pages.
import type { RouterOutputs } from "../../lib/trpc.ts";

export type Team = RouterOutputs["teams"]["ofClub"]["data"][number];
export type User = RouterOutputs["users"]["get"]["data"];

// One rule names a team everywhere (the API's duplicate check uses it too).
export { teamName } from "@clubcast/shared";

export function userName(user: Pick<User, "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`;
}
