// A match's highlight summary: its query (none is no error: a match may have no
// summary yet) and its MP4, which every browser plays itself, without hls.js.
import { httpStatusOf, trpc, type RouterOutputs } from "../../lib/trpc.ts";

export type Summary = RouterOutputs["summaries"]["ofMatch"]["data"];

/**
 * The match's summary; a 404 (none yet, or not for this viewer) settles at once as "none", also
 * when read again after it was made private or deleted (the query keeps its last data on an error).
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
