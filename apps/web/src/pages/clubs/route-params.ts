// The ids in the club pages' routes: /dashboard/clubs/:club/recorded/:video/...
import { useParams } from "react-router";
import { routeId } from "../../lib/route-id.ts";
import { httpStatusOf, trpc } from "../../lib/trpc.ts";

/** The club id in the route, or null when it is not one. */
export function useClubParam(): number | null {
  return routeId(useParams().club);
}

/** The recorded match of the route; `missing` when the id is none or the match is not there for the user (404). */
export function useRecordedMatch() {
  const id = routeId(useParams().video);
  const query = trpc.matches.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null, select: (answer) => answer.data });
  return { id, query, missing: id === null || httpStatusOf(query.error) === 404 };
}
