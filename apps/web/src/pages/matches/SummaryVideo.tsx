// A match's highlight summary: its query (the server answers null while there is
// none) and its MP4, which every browser plays itself, without hls.js.
import { httpStatusOf, trpc, type RouterOutputs } from "../../lib/trpc.ts";

export type Summary = NonNullable<RouterOutputs["summaries"]["ofMatch"]["data"]>;

/**
 * The match's summary, null while it has none for this viewer. A 404 (the match itself gone from
 * view: made private or deleted) settles at once as "none" too, and drops what was shown before
 * (the query keeps its last data on an error).
 */
export function useMatchSummary(matchId: number, enabled = true) {
  const query = trpc.summaries.ofMatch.useQuery(
    { id: matchId },
    { enabled, retry: (failures, error) => httpStatusOf(error) !== 404 && failures < 2 },
  );
  const gone = query.error !== null && httpStatusOf(query.error) === 404;
  return { query, summary: gone ? null : (query.data?.data ?? null) };
}

export function SummaryVideo({ src, poster, label }: { src: string; poster: string | null; label: string }) {
  return (
    <div className="player">
      <video
        className="player__video"
        controls
        playsInline
        preload="metadata"
        src={src}
        poster={poster ?? undefined}
        aria-label={label}
      />
    </div>
  );
}
