// The signed-in viewer's own markers on a match (set on the annotation screen),
// each a button that jumps the match's player there: while the match is live
// too, since its live stream lists the whole recording on the same timeline as
// the video-on-demand that follows it.
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { playFrom } from "./playback.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/** 3_723_004 ms → "1:02:03", 83_000 → "1:23": a position as a viewer reads it. */
export function formatPosition(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

export function MatchMarkers({ matchId, video }: { matchId: number; video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const sequences = trpc.sequences.list.useQuery({ id: matchId }, { enabled: user !== null });
  const markers = (sequences.data?.data ?? [])
    .flatMap((sequence) => sequence.markers)
    .sort((a, b) => a.time_ms - b.time_ms);
  if (!user || markers.length === 0) return null;
  const jump = (ms: number) => {
    if (video.current) playFrom(video.current, ms / 1000);
  };
  return (
    <section className="match-markers" aria-labelledby="match-markers-title">
      <h2 id="match-markers-title" className="match-markers__title">
        {t("match.markers")}
      </h2>
      <ul className="match-markers__list">
        {markers.map((marker) => (
          <li key={marker.id}>
            <button
              type="button"
              className="button button--small button--ghost"
              title={t("match.jump_to_marker", { label: marker.label, time: formatPosition(marker.time_ms) })}
              onClick={() => jump(marker.time_ms)}
            >
              <Icon name="flag" size={16} />
              <span>{marker.label}</span>
              <time dateTime={`PT${Math.floor(marker.time_ms / 1000)}S`}>{formatPosition(marker.time_ms)}</time>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
