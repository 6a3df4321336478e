// The annotation screen (/dashboard/clubs/{id}/recorded/{videoid}/annotate):
// the match's on-demand video with a timecode (hours:minutes:seconds:ms) and
// frames at a chosen frame rate, frame-by-frame stepping with buttons and keys,
// the user's markers on the match (saved through the sequences API, moved along
// the video's timeline by dragging or the keys: MarkerTimeline), the moments
// its sound suggests for whom may annotate (SuggestionsPanel), the score
// control for whom may score and the match's highlight summary.
import { useEffect, useRef, useState } from "react";
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { ANNOTATION_CLIP_LENGTH, CLIP_MAX_MS, FRAME_RATES, annotatingClubs, canAnnotate } from "@clubcast/shared";
import { updateMarkerInput } from "@clubcast/shared/schemas";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useSelectClub } from "../../lib/current-club.tsx";
import { failureMessage } from "../../lib/server-errors.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { matchClubs, scoringClubOf, type Match } from "../../lib/matches.ts";
import { usePageTitle } from "../../lib/page-title.tsx";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { useClubDetails } from "../../lib/working-club.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { ScoreControl } from "../matches/ScoreControl.tsx";
import { VideoPlayer } from "../matches/VideoPlayer.tsx";
import { useClubParam, useRecordedMatch } from "../clubs/route-params.ts";
import { recordedMatchPath, useMatchTitle } from "../scheduler/match-columns.tsx";
import { SummaryPanel } from "./SummaryPanel.tsx";
import { SuggestionsPanel } from "./SuggestionsPanel.tsx";
import { MarkerClip, useMarkerClips, type Clip } from "./MarkerClip.tsx";
import { MarkerTimeline } from "./MarkerTimeline.tsx";
import {
  FRAME_RATE_NAMES,
  formatTimecode,
  frameAt,
  frameRateLabel,
  stepFrames,
  type FrameRateName,
} from "./timecode.ts";
import { useVideoClock, type VideoClock } from "./useVideoClock.ts";
import "../../styles/annotate.css";

/** A marker's longest clip length in seconds: the longest clip the worker cuts. */
const CLIP_MAX_S = CLIP_MAX_MS / 1000;

type Marker = RouterOutputs["sequences"]["list"]["data"][number]["markers"][number];

/** Keys typed into a form control (or a button's own Space) are not shortcuts. */
function isTypingTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("input, textarea, select, [contenteditable='true']")) return true;
  return key === " " && target.closest("button, a, [role='menuitem']") !== null;
}

function Shortcuts({ marking }: { marking: boolean }) {
  const { t } = useTranslation("annotate");
  const rows = [
    [t("help.frame_keys"), t("help.frame")],
    [t("help.second_keys"), t("help.second")],
    [t("help.play_keys"), t("help.play")],
    ...(marking ? [[t("help.marker_keys"), t("help.marker")]] : []),
  ];
  return (
    <Popover className="shortcuts">
      <PopoverButton className="button button--ghost button--small">
        <Icon name="keyboard" size={18} />
        {t("help.button")}
      </PopoverButton>
      <PopoverPanel anchor={{ to: "bottom end", gap: 6 }} className="shortcuts__panel">
        <dl className="shortcuts__list">
          {rows.map(([keys, what]) => (
            <div key={keys} className="shortcuts__row">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </PopoverPanel>
    </Popover>
  );
}

function Transport({
  clock,
  rate,
  onRate,
  onAddMarker,
}: {
  clock: VideoClock;
  rate: FrameRateName;
  onRate: (rate: FrameRateName) => void;
  /** Absent for who may not annotate the match: no marker button. */
  onAddMarker?: () => void;
}) {
  const { t } = useTranslation("annotate");
  const fps = FRAME_RATES[rate];
  const step = (frames: number) => clock.seek(stepFrames(clock.ms, fps, frames, clock.durationMs));
  return (
    <div className="transport" role="group" aria-label={t("player.controls")}>
      <div className="transport__buttons">
        <button
          type="button"
          className="icon-button transport__button"
          onClick={() => step(-1)}
          aria-label={t("player.frame_back")}
        >
          <Icon name="stepBack" size={20} />
        </button>
        <button
          type="button"
          className="icon-button transport__button transport__button--play"
          onClick={clock.togglePlay}
          aria-label={clock.playing ? t("player.pause") : t("player.play")}
        >
          <Icon name={clock.playing ? "pause" : "play"} size={20} />
        </button>
        <button
          type="button"
          className="icon-button transport__button"
          onClick={() => step(1)}
          aria-label={t("player.frame_forward")}
        >
          <Icon name="stepForward" size={20} />
        </button>
      </div>
      <div className="transport__time">
        <output className="transport__timecode" aria-label={t("player.timecode")}>
          {formatTimecode(clock.ms)}
        </output>
        <span className="transport__frame">{t("player.frame", { frame: frameAt(clock.ms, fps) })}</span>
      </div>
      <label className="transport__rate">
        <span className="visually-hidden">{t("player.frame_rate")}</span>
        <select className="input select" value={rate} onChange={(event) => onRate(event.target.value as FrameRateName)}>
          {FRAME_RATE_NAMES.map((name) => (
            <option key={name} value={name}>
              {frameRateLabel(name)}
            </option>
          ))}
        </select>
      </label>
      <div className="transport__end">
        <Shortcuts marking={onAddMarker !== undefined} />
        {onAddMarker && (
          <button type="button" className="button button--primary button--small" onClick={onAddMarker}>
            <Icon name="flag" size={16} />
            {t("markers.add")}
          </button>
        )}
      </div>
    </div>
  );
}

interface MarkerFormValues {
  label: string;
  clip_length: number;
}

const markerChanges = (values: MarkerFormValues) => ({ label: values.label.trim(), clip_length: values.clip_length });

function MarkerEditForm({ marker, onDone }: { marker: Marker; onDone: () => void }) {
  const { t } = useTranslation("annotate");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.sequences.updateMarker.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MarkerFormValues>({
    defaultValues: { label: marker.label, clip_length: marker.clip_length },
    resolver: useSchemaResolver(updateMarkerInput, markerChanges),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: marker.id, ...markerChanges(values) });
      await utils.sequences.list.invalidate();
      toast.success(t("markers.saved"));
      onDone();
    } catch (error) {
      toast.error(failureMessage(error, t("markers.failed")));
    }
  });
  return (
    <form className="marker-form" onSubmit={submit} noValidate>
      <label className="field">
        <span className="field__label">{t("markers.label")}</span>
        <input className="input" autoFocus aria-invalid={errors.label ? true : undefined} {...register("label")} />
        {errors.label && <span className="field__error">{errors.label.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">{t("markers.clip_length")}</span>
        <input
          className="input"
          type="number"
          min={1}
          max={CLIP_MAX_S}
          aria-invalid={errors.clip_length ? true : undefined}
          {...register("clip_length", { valueAsNumber: true })}
        />
        {errors.clip_length && <span className="field__error">{errors.clip_length.message}</span>}
      </label>
      <div className="marker-form__buttons">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          {t("markers.cancel")}
        </button>
        <SubmitButton
          busy={isSubmitting}
          busyLabel={td("actions.saving")}
          className="button button--primary button--small"
        >
          {t("markers.save")}
        </SubmitButton>
      </div>
    </form>
  );
}

function MarkerItem({
  marker,
  clip,
  active,
  editable,
  onJump,
}: {
  marker: Marker;
  clip: Clip | undefined;
  active: boolean;
  /** Whether the caller may still annotate the match: the edit and delete buttons. */
  editable: boolean;
  onJump: () => void;
}) {
  const { t } = useTranslation("annotate");
  const toast = useToast();
  const utils = trpc.useUtils();
  const remove = trpc.sequences.deleteMarker.useMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const time = formatTimecode(marker.time_ms);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: marker.id });
      await utils.sequences.list.invalidate();
      toast.success(t("markers.deleted"));
      setConfirming(false);
    } catch (error) {
      toast.error(failureMessage(error, t("markers.delete_failed")));
    }
  };

  return (
    <li className={`marker${active ? " marker--active" : ""}`}>
      {editing ? (
        <MarkerEditForm marker={marker} onDone={() => setEditing(false)} />
      ) : (
        <>
          {/* Named by what it shows (time and label), in the language's order: the grid places the time first. */}
          <button type="button" className="marker__jump" onClick={onJump}>
            <Trans
              t={t}
              i18nKey="markers.jump"
              values={{ label: marker.label, time }}
              components={{
                hidden: <span className="visually-hidden" />,
                label: <span className="marker__label" />,
                time: <span className="marker__time" />,
              }}
            />{" "}
            <span className="marker__clip">{t("markers.clip", { count: marker.clip_length })}</span>
          </button>
          {editable && (
            <div className="marker__actions">
              <button
                type="button"
                className="icon-button"
                onClick={() => setEditing(true)}
                aria-label={t("markers.edit", { label: marker.label })}
              >
                <Icon name="pencil" size={18} />
              </button>
              <button
                type="button"
                className="icon-button"
                onClick={() => setConfirming(true)}
                aria-label={t("markers.delete", { label: marker.label })}
              >
                <Icon name="trash" size={18} />
              </button>
            </div>
          )}
        </>
      )}
      {clip && !editing && <MarkerClip clip={clip} label={marker.label} />}
      <ConfirmDialog
        open={confirming}
        danger
        title={t("markers.delete_title")}
        text={t("markers.delete_text", { label: marker.label, time })}
        confirmLabel={t("markers.delete_confirm")}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </li>
  );
}

function Annotator({ match }: { match: Match }) {
  const { t } = useTranslation("annotate");
  const { t: common } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const title = useMatchTitle()(match);
  const video = useRef<HTMLVideoElement>(null);
  const clock = useVideoClock(video);
  const [rate, setRate] = useState<FrameRateName>("PAL");
  const sequences = trpc.sequences.list.useQuery({ id: match.id });
  const createSequence = trpc.sequences.create.useMutation();
  const addMarker = trpc.sequences.addMarker.useMutation();
  const markers = [...(sequences.data?.data.flatMap((sequence) => sequence.markers) ?? [])].sort(
    (a, b) => a.time_ms - b.time_ms || a.id - b.id,
  );
  const clips = useMarkerClips(match.id);
  // Only the staff of the match's clubs annotate (each marker is a cut); others watch.
  const { user } = useAuth();
  const clubs = matchClubs(match);
  const mayAnnotate = user !== null && canAnnotate(user, user.club?.id ?? null, clubs);
  // The club channel new suggestions are heard on: the annotator's own club's, a system admin's the match's club's.
  const ownClub = user?.club?.id;
  const suggestionsClub = ownClub !== undefined && annotatingClubs(clubs).includes(ownClub) ? ownClub : match.club.id;
  // Who may score the match (players and members may not) sets it here too.
  const scoringClub = scoringClubOf(user, match);

  const add = async () => {
    const timeMs = Math.round(clock.ms);
    try {
      // The caller's own sequence: the match's goals sequence is its score changes' (match moments).
      const own = sequences.data?.data.find((sequence) => !sequence.goals);
      const sequence = own ?? (await createSequence.mutateAsync({ id: match.id, name: "" })).data;
      await addMarker.mutateAsync({
        id: sequence.id,
        time_ms: timeMs,
        label: t("markers.default_label", { number: markers.length + 1 }),
        clip_length: ANNOTATION_CLIP_LENGTH,
      });
      await utils.sequences.list.invalidate({ id: match.id });
      toast.success(t("markers.added"));
    } catch (error) {
      toast.error(failureMessage(error, t("markers.failed")));
    }
  };

  // The shortcuts of the help popover.
  const latest = useRef({ clock, rate, add, mayAnnotate });
  latest.current = { clock, rate, add, mayAnnotate };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target, event.key) || document.querySelector("[role='dialog']")) return;
      const { clock: now, rate: current, add: addHere, mayAnnotate: marking } = latest.current;
      const fps = FRAME_RATES[current];
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        const direction = event.key === "ArrowLeft" ? -1 : 1;
        now.seek(stepFrames(now.ms, fps, direction * (event.shiftKey ? Math.round(fps) : 1), now.durationMs));
      } else if (event.key === " ") {
        now.togglePlay();
      } else if (marking && (event.key === "m" || event.key === "M")) {
        void addHere();
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const fps = FRAME_RATES[rate];
  const currentFrame = frameAt(clock.ms, fps);
  return (
    <div className="annotate">
      <div className="annotate__main">
        {match.vod_hls_url ? (
          <VideoPlayer ref={video} src={match.vod_hls_url} live={false} label={t("video_label", { match: title })} />
        ) : (
          <div className="stage pitch pitch--dark">
            <p className="stage__message">{t("no_video")}</p>
          </div>
        )}
        <Transport
          clock={clock}
          rate={rate}
          onRate={setRate}
          onAddMarker={mayAnnotate ? () => void add() : undefined}
        />
        {/* Moved along the video once its length is known (a marker past the end would be off the strip). */}
        {mayAnnotate && markers.length > 0 && Number.isFinite(clock.durationMs) && clock.durationMs > 0 && (
          <MarkerTimeline markers={markers} durationMs={clock.durationMs} />
        )}
      </div>
      <aside className="annotate__side">
        <section className="markers" aria-labelledby="markers-title">
          <h2 id="markers-title" className="annotate__heading">
            {t("markers.title")}
            <span className="annotate__count">{markers.length}</span>
          </h2>
          {sequences.isPending ? (
            <Skeleton height={120} />
          ) : sequences.isError ? (
            <ErrorState onRetry={() => void sequences.refetch()} />
          ) : markers.length === 0 ? (
            <EmptyState
              icon="flag"
              title={t("markers.empty")}
              text={t(mayAnnotate ? "markers.empty_text" : "markers.watch_only")}
            />
          ) : (
            <ol className="markers__list">
              {markers.map((marker) => (
                <MarkerItem
                  key={marker.id}
                  marker={marker}
                  clip={clips.get(marker.id)}
                  active={frameAt(marker.time_ms, fps) === currentFrame}
                  editable={mayAnnotate}
                  onJump={() => clock.seek(marker.time_ms)}
                />
              ))}
            </ol>
          )}
        </section>
        {mayAnnotate && <SuggestionsPanel matchId={match.id} club={suggestionsClub} onJump={clock.seek} />}
        {scoringClub !== null && (
          <section className="score-panel" aria-labelledby="score-title">
            <h2 id="score-title" className="annotate__heading">
              {common("score_control.title")}
            </h2>
            <ScoreControl club={scoringClub} match={match} title={title} />
          </section>
        )}
        <SummaryPanel match={match} title={title} />
      </aside>
    </div>
  );
}

export default function AnnotatePage() {
  const { t } = useTranslation("annotate");
  const clubId = useClubParam();
  const club = useClubDetails(clubId);
  useSelectClub(club.data?.data);
  const { id, query, missing } = useRecordedMatch();
  const titleOf = useMatchTitle();
  usePageTitle(query.data ? t("title", { match: titleOf(query.data) }) : undefined);

  if (clubId === null || missing) return <EmptyState icon="video" title={t("not_found")} />;
  return (
    <>
      <LocalLink to={recordedMatchPath(clubId, id ?? 0)} className="back-link">
        <Icon name="chevronLeft" size={16} />
        {t("back")}
      </LocalLink>
      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Annotator match={query.data} />
      ) : (
        <div className="annotate" aria-busy="true">
          <div className="stage skeleton-block" />
          <Skeleton height={320} />
        </div>
      )}
    </>
  );
}
