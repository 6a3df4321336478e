// Every club as the options of a club choice (a form's club, a list's club
// filter): one page of the largest size, kept 5 minutes.
import { PAGINATION } from "@clubcast/shared";
import { trpc } from "./trpc.ts";

export function useClubChoices(enabled = true) {
  return trpc.clubs.list.useQuery({ page: 1, limit: PAGINATION.maxLimit }, { enabled, staleTime: 5 * 60_000 });
}

/** One <option> per club, its id as the value. */
export function ClubOptions({ clubs }: { clubs: ReturnType<typeof useClubChoices> }) {
  return clubs.data?.data.map((club) => (
    <option key={club.id} value={club.id}>
      {club.name}
    </option>
  ));
}
