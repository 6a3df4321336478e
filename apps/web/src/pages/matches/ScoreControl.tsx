// The one score control (issue 27): steppers and fields for the home and away
// score and a save button, on the scheduler's live match, the public match
// page and the annotation screen, for whom the access matrix lets score
// (scoringClubOf). Viewers get the new score over the realtime channel; the
// staff's own page shows the server's answer at once.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage } from "../../lib/server-errors.ts";
import type { Match } from "../../lib/matches.ts";
import { trpc } from "../../lib/trpc.ts";
import { useToast } from "../../ui/Toasts.tsx";
import "../../styles/score-control.css";

type Score = { home: number; away: number };

const MAX_SCORE = 999;
const bounded = (value: number) => Math.min(MAX_SCORE, Math.max(0, value));

interface ScoreControlProps {
  /** The club the score is entered through (scoringClubOf). */
  club: number;
  match: Match;
  /** The match's name, for the control's label. */
  title: string;
  /** After the server took the score (e.g. close the dialog it is in). */
  onSaved?: () => void;
}

export function ScoreControl({ club, match, title, onSaved }: ScoreControlProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.matches.score.useMutation();
  const id = useId();
  const saved: Score = { home: match.home.score, away: match.away.score };
  // An edit belongs to the score it started from: once the match's score changes (saved here, or a
  // colleague's over the realtime channel) the control shows the new one.
  const [draft, setDraft] = useState<{ from: string; score: Score } | null>(null);
  const savedKey = `${saved.home}-${saved.away}`;
  const score = draft?.from === savedKey ? draft.score : saved;
  const change = (side: keyof Score, value: number) =>
    setDraft({ from: savedKey, score: { ...score, [side]: bounded(value) } });
  const sides = [
    { key: "home", name: t("score_control.home") },
    { key: "away", name: t("score_control.away") },
  ] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await save.mutateAsync({ club, match: match.id, ...score });
      utils.matches.byId.setData({ id: match.id }, { data: answer.data });
      // The lists that show it (the scheduler's live match) read it again.
      void utils.matches.invalidate();
      toast.success(t("score_control.saved"));
      onSaved?.();
    } catch (error) {
      toast.error(failureMessage(error, t("score_control.failed")));
    }
  };
  return (
    <form className="score-control" aria-label={t("score_control.label", { match: title })} onSubmit={submit}>
      <div className="score-control__sides">
        {sides.map(({ key, name }) => (
          <div key={key} className="score-control__side">
            <label className="score-control__label" htmlFor={`${id}-${key}`}>
              {name}
            </label>
            <div className="score-control__stepper">
              <button
                type="button"
                className="icon-button"
                onClick={() => change(key, score[key] - 1)}
                aria-label={t("score_control.less", { side: name })}
              >
                −
              </button>
              <input
                id={`${id}-${key}`}
                className="input score-control__input display"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_SCORE}
                value={score[key]}
                onChange={(event) => change(key, Number(event.target.value) || 0)}
              />
              <button
                type="button"
                className="icon-button"
                onClick={() => change(key, score[key] + 1)}
                aria-label={t("score_control.more", { side: name })}
              >
                +
              </button>
            </div>
          </div>
        ))}
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t("score_control.save")}
      </button>
    </form>
  );
}
