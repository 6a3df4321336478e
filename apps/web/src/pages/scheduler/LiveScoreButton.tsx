// A live match's score on its scheduler row (issue 27): where the club admin
// already is during the match, a tap opens the score control. Only for whom
// the access matrix lets score the match (scoringClubOf).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { scoringClubOf, type Match } from "../../lib/matches.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { ScoreControl } from "../matches/ScoreControl.tsx";

export function LiveScoreButton({ match, title }: { match: Match; title: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const club = scoringClubOf(user, match);
  if (club === null) return null;
  const score = { home: match.home.score, away: match.away.score };
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => setOpen(true)}
        aria-label={t("score_control.open_for", { ...score, match: title })}
      >
        <Icon name="trophy" size={16} />
        {t("score_control.open", score)}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("score_control.dialog_title", { match: title })}>
        <ScoreControl club={club} match={match} title={title} onSaved={() => setOpen(false)} />
      </Modal>
    </>
  );
}
