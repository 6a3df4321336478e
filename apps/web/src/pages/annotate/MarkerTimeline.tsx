// The markers on the video's timeline (issue 30: a goal is moved in one drag):
// a strip under the player with a handle per marker, a slider a pointer drags
// or the arrow keys move (1 s, 10 s with Shift). Letting go saves the new time
// through sequences.updateMarker; the server moves the marker's clip (and a
// goal's event) with it, so the clips are read again too.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { useToast } from "../../ui/Toasts.tsx";
import { formatTimecode } from "./timecode.ts";

type Marker = RouterOutputs["sequences"]["list"]["data"][number]["markers"][number];

/** What an arrow key moves a marker by, in ms; with Shift ten times as far. */
const KEY_STEP_MS = 1000;
const KEYS: Record<string, (ms: number, step: number, durationMs: number) => number> = {
  ArrowLeft: (ms, step) => ms - step,
  ArrowDown: (ms, step) => ms - step,
  ArrowRight: (ms, step) => ms + step,
  ArrowUp: (ms, step) => ms + step,
  Home: () => 0,
  End: (_ms, _step, durationMs) => durationMs,
};

const clamp = (ms: number, durationMs: number) => Math.round(Math.min(Math.max(ms, 0), durationMs));

function MarkerHandle({
  marker,
  durationMs,
  track,
}: {
  marker: Marker;
  durationMs: number;
  track: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation("annotate");
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.sequences.updateMarker.useMutation();
  // The time shown while moving and saving; null shows the saved one.
  const [moving, setMoving] = useState<number | null>(null);
  const dragging = useRef(false);
  const ms = moving ?? marker.time_ms;

  // A saved (or reloaded) time is the one shown from then on.
  useEffect(() => setMoving(null), [marker.time_ms]);

  const save = async (timeMs: number) => {
    if (timeMs === marker.time_ms) return setMoving(null);
    try {
      await update.mutateAsync({ id: marker.id, time_ms: timeMs });
      await Promise.all([utils.sequences.list.invalidate(), utils.clips.ofMatch.invalidate()]);
      toast.success(t("timeline.moved", { label: marker.label, time: formatTimecode(timeMs) }));
    } catch (error) {
      setMoving(null);
      toast.error(failureMessage(error, t("timeline.failed")));
    }
  };

  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width === 0) return ms;
    return clamp(((clientX - box.left) / box.width) * durationMs, durationMs);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (update.isPending || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = true;
    setMoving(marker.time_ms);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) setMoving(timeAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    // Where it is let go is where it shows while saving, whether or not a move event got there first.
    const timeMs = timeAt(event.clientX);
    setMoving(timeMs);
    void save(timeMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEYS[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    // Not the page's frame stepping as well.
    event.preventDefault();
    if (update.isPending) return;
    setMoving(clamp(move(ms, event.shiftKey ? KEY_STEP_MS * 10 : KEY_STEP_MS, durationMs), durationMs));
  };
  // Releasing the key is letting go: a held arrow moves the marker on and saves once.
  const onKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (KEYS[event.key] && moving !== null && !update.isPending) void save(moving);
  };

  const time = formatTimecode(ms);
  return (
    <div
      role="slider"
      tabIndex={0}
      className={`timeline__handle${marker.goal ? " timeline__handle--goal" : ""}`}
      style={{ left: `${(Math.min(ms, durationMs) / durationMs) * 100}%` }}
      aria-label={t("timeline.handle", { label: marker.label })}
      aria-valuemin={0}
      aria-valuemax={Math.round(durationMs)}
      aria-valuenow={ms}
      aria-valuetext={time}
      aria-busy={update.isPending || undefined}
      title={`${marker.label} · ${time}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        dragging.current = false;
        setMoving(null);
      }}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
    />
  );
}

/** The markers along a video of `durationMs` (known and above 0), each one moved by dragging or the keys. */
export function MarkerTimeline({ markers, durationMs }: { markers: Marker[]; durationMs: number }) {
  const { t } = useTranslation("annotate");
  const track = useRef<HTMLDivElement>(null);
  return (
    <div className="timeline" role="group" aria-label={t("timeline.label")}>
      <div className="timeline__track" ref={track}>
        {markers.map((marker) => (
          <MarkerHandle key={marker.id} marker={marker} durationMs={durationMs} track={track} />
        ))}
      </div>
      <p className="timeline__hint">{t("timeline.hint")}</p>
    </div>
  );
}
