// The annotation screen's moments suggested from the match's sound (issue 30): the worker's
// whistles and crowd surges still waiting for a decision, in video order. Each is one tap (or
// one Enter) from a marker — Accept makes one at its time, and with it a clip — or from gone:
// Dismiss. Its time jumps the video there, to hear it first. New ones (a live match is listened to
// every minute, and once more after it) are told on the club's channel: the list is read again.
import { useTranslation } from "react-i18next";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import { useChannel } from "../../lib/realtime.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { formatTimecode } from "./timecode.ts";

type Suggestion = RouterOutputs["suggestions"]["ofMatch"]["data"][number];

function SuggestionItem({ suggestion, onJump }: { suggestion: Suggestion; onJump: () => void }) {
  const { t } = useTranslation("annotate");
  const toast = useToast();
  const utils = trpc.useUtils();
  const accept = trpc.suggestions.accept.useMutation();
  const dismiss = trpc.suggestions.dismiss.useMutation();
  const busy = accept.isPending || dismiss.isPending;
  const kind = t(`suggestions.kind.${suggestion.kind}`);
  const time = formatTimecode(suggestion.time_ms);

  const decide = async (accepting: boolean) => {
    try {
      const answer = await (accepting ? accept : dismiss).mutateAsync({ id: suggestion.id });
      // Decided by someone else meanwhile (409) or now: the list is read again either way.
      toast.success(answer.message);
      if (accepting) await utils.sequences.list.invalidate({ id: suggestion.match });
    } catch (error) {
      toast.error(failureMessage(error, t(accepting ? "suggestions.accept_failed" : "suggestions.dismiss_failed")));
    } finally {
      await utils.suggestions.ofMatch.invalidate({ id: suggestion.match });
    }
  };

  return (
    <li className="marker suggestion">
      <button type="button" className="marker__jump" onClick={onJump}>
        <span className="visually-hidden">{t("suggestions.jump")}</span> <span className="marker__time">{time}</span>{" "}
        <span className="marker__label">{kind}</span>
      </button>
      <div className="marker__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => void decide(true)}
          aria-label={t("suggestions.accept_label", { kind, time })}
        >
          <Icon name="check" size={16} />
          {t("suggestions.accept")}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => void decide(false)}
          aria-label={t("suggestions.dismiss_label", { kind, time })}
        >
          <Icon name="close" size={16} />
          {t("suggestions.dismiss")}
        </button>
      </div>
    </li>
  );
}

/**
 * The pending suggestions of a match, for who may annotate it (the API answers 403 to others); new
 * ones are heard of on the channel of `club`, one of the clubs that may annotate the match.
 */
export function SuggestionsPanel({
  matchId,
  club,
  onJump,
}: {
  matchId: number;
  club: number;
  onJump: (timeMs: number) => void;
}) {
  const { t } = useTranslation("annotate");
  const utils = trpc.useUtils();
  const query = trpc.suggestions.ofMatch.useQuery({ id: matchId });
  useChannel(CHANNELS.club(club), {
    [EVENTS.suggestionsAdded]: (added) => {
      if (added.match === matchId) void utils.suggestions.ofMatch.invalidate({ id: matchId });
    },
  });
  const pending = (query.data?.data ?? []).filter((suggestion) => suggestion.state === "pending");
  return (
    <section className="markers suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="annotate__heading">
        {t("suggestions.title")}
        {query.data && <span className="annotate__count">{pending.length}</span>}
      </h2>
      {query.isPending ? (
        <Skeleton height={80} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : pending.length === 0 ? (
        <EmptyState icon="flag" title={t("suggestions.empty")} text={t("suggestions.empty_text")} />
      ) : (
        <ol className="markers__list">
          {pending.map((suggestion) => (
            <SuggestionItem key={suggestion.id} suggestion={suggestion} onJump={() => onJump(suggestion.time_ms)} />
          ))}
        </ol>
      )}
    </section>
  );
}
