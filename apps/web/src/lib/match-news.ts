// Match data that lives with the matches (issue 27): a match's page follows its own channel, the lists (home
// page, match lists) the lists' channel, where the server tells each visitor of every match they may see
// and of those just made private or deleted. News has the data read again, once per burst.
import { useCallback, useEffect, useRef } from "react";
import { CHANNELS, type EventPayloads } from "@clubcast/shared";
import { useChannel, type ChannelHandlers, type ChannelState } from "./realtime.ts";

/** A burst of news has settled once this long passed without more: then the data is read again, once. */
export const NEWS_SETTLE_MS = 300;
/** However long a burst goes on, the data is read again at least this often meanwhile. */
export const NEWS_MAX_WAIT_MS = 1000;

export interface MatchNewsOptions {
  /** Reads the data again (once per burst of news). */
  readAgain: () => void;
  /**
   * Whether the data shows this match's score: another match's goal changes nothing here, while its other
   * news (live, on demand, rescheduled, gone) may move it into or out of a list. Every match by default.
   */
  showsScoreOf?: (match: number) => boolean;
  /** A goal came in (at once, before the data is read again). */
  onScored?: (score: EventPayloads["match.scored"]) => void;
  /** The channel's other events the page listens to: one subscription per channel. */
  handlers?: ChannelHandlers;
}

/** Calls the latest `run` once news has settled (NEWS_SETTLE_MS), or NEWS_MAX_WAIT_MS after the first. */
function useSettledRun(run: () => void): () => void {
  const latest = useRef(run);
  latest.current = run;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const firstAt = useRef<number | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    const now = Date.now();
    firstAt.current ??= now;
    clearTimeout(timer.current);
    const delay = Math.min(NEWS_SETTLE_MS, firstAt.current + NEWS_MAX_WAIT_MS - now);
    timer.current = setTimeout(() => {
      firstAt.current = null;
      latest.current();
    }, delay);
  }, []);
}

/**
 * Follows the news of the matches on `channel` (a match's own, or CHANNELS.matchLists) and reads the
 * data again when it comes; also when the server takes us out of the channel (the match made private or
 * deleted) and when we join it again after a lost connection (news may have been missed meanwhile).
 */
export function useMatchNews(channel: string, options: MatchNewsOptions): ChannelState {
  const { showsScoreOf = () => true } = options;
  const readAgain = useSettledRun(options.readAgain);
  const state = useChannel(channel, {
    ...options.handlers,
    "match.scored": (score) => {
      if (!showsScoreOf(score.match)) return;
      options.onScored?.(score);
      readAgain();
    },
    "match.starting": readAgain,
    // Its camera started recording (the stream is playable).
    "match.live": readAgain,
    // Scheduled, stopped, on demand, edited; on the lists' channel also made private or deleted.
    "match.changed": readAgain,
  });

  const joinedBefore = useRef(false);
  const previous = useRef(state);
  useEffect(() => {
    const rejoined = state === "joined" && previous.current === "joining" && joinedBefore.current;
    if (state === "refused" || rejoined) readAgain();
    if (state === "joined") joinedBefore.current = true;
    previous.current = state;
  }, [state, readAgain]);
  return state;
}

/** Keeps match lists (those `readAgain` reads) in step with the matches the visitor may see. */
export function useMatchListNews(readAgain: () => void, shown: readonly { id: number }[]): ChannelState {
  const ids = new Set(shown.map((match) => match.id));
  return useMatchNews(CHANNELS.matchLists, { readAgain, showsScoreOf: (match) => ids.has(match) });
}
