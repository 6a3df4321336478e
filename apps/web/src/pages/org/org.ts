// Types and names shared by the teams and users pages.
import type { RouterOutputs } from "../../lib/trpc.ts";

export type Team = RouterOutputs["teams"]["ofClub"]["data"][number];
export type User = RouterOutputs["users"]["get"]["data"];

export function teamName(team: Pick<Team, "fullname" | "addition">): string {
  return team.addition ? `${team.fullname} ${team.addition}` : team.fullname;
}

export function userName(user: Pick<User, "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`;
}
