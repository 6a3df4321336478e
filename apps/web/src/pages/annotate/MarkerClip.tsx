// A marker's clip on the annotation screen: its state as the worker's cut
// reports it over Socket.IO (queued, cutting with a percentage, ready, failed
// with the reason), and once ready, the clip played inline and its MP4 to
// download. The match's clips load once; clip.updated moves a clip's progress
// and has it read again when its state changes (clip.changed for a private clip).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CHANNELS } from "@clubcast/shared";
import { useChannel } from "../../lib/realtime.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { SummaryVideo } from "../matches/SummaryVideo.tsx";
import { progressed, RenderState } from "./RenderState.tsx";

export type Clip = RouterOutputs["clips"]["ofMatch"]["data"][number];

/** The caller's clips of the match by marker, kept current by clip.updated and clip.changed. */
export function useMarkerClips(matchId: number): Map<number, Clip> {
  const utils = trpc.useUtils();
  const key = { id: matchId };
  const clips = trpc.clips.ofMatch.useQuery(key);
  const reload = (payload: { match: number }) => {
    if (payload.match === matchId) void utils.clips.ofMatch.invalidate(key);
  };
  useChannel(CHANNELS.match(matchId), {
    "clip.updated": (payload) => {
      if (payload.match !== matchId) return;
      const shown = utils.clips.ofMatch.getData(key);
      const clip = shown?.data.find((candidate) => candidate.id === payload.clip);
      const moved = clip ? progressed(clip, payload) : null;
      if (!shown || !moved) return reload(payload);
      utils.clips.ofMatch.setData(key, {
        ...shown,
        data: shown.data.map((one) => (one.id === moved.id ? moved : one)),
      });
    },
    "clip.changed": reload,
  });
  return new Map((clips.data?.data ?? []).map((clip) => [clip.marker.id, clip]));
}

export function MarkerClip({ clip, label }: { clip: Clip; label: string }) {
  const { t } = useTranslation("annotate");
  const [playing, setPlaying] = useState(false);
  const ready = clip.state === "ready" && clip.video_url;
  return (
    <div className="marker-clip">
      <RenderState video={clip} texts="clip" className="marker-clip__state" />
      {ready && (
        <div className="marker-clip__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded={playing}
            onClick={() => setPlaying((open) => !open)}
          >
            <Icon name={playing ? "close" : "play"} size={16} />
            {playing ? t("clip.hide", { label }) : t("clip.play", { label })}
          </button>
          <a className="button button--ghost button--small" href={clip.video_url!} download>
            <Icon name="download" size={16} />
            {t("clip.download", { label })}
          </a>
        </div>
      )}
      {ready && playing && (
        <SummaryVideo src={clip.video_url!} poster={clip.poster_url} label={t("clip.video_label", { label })} />
      )}
    </div>
  );
}
