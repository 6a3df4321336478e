// How many people watch a live match: read once, then kept up to date by the match's channel
// (match.viewers). A page whose player shows the match live counts itself in (watchLive).
import { useEffect } from "react";
import { CHANNELS, type EventPayloads } from "@clubcast/shared";
import { trpc } from "./trpc.ts";
import { useChannel, watchLive, type ChannelHandlers } from "./realtime.ts";

export type ViewerFigures = EventPayloads["match.viewers"];

/**
 * The match's viewer figures while `live` (with `watching`, this page counts as one of them), and the
 * handlers that keep them up to date, for the page's own subscription to the match's channel.
 */
export function useViewers(
  match: number,
  { live, watching = false }: { live: boolean; watching?: boolean },
): { figures: ViewerFigures | null; handlers: ChannelHandlers } {
  const utils = trpc.useUtils();
  const figures = trpc.viewers.ofMatch.useQuery({ id: match }, { enabled: live });
  useEffect(() => (live && watching ? watchLive(match) : undefined), [match, live, watching]);
  return {
    figures: live ? (figures.data?.data ?? null) : null,
    handlers: {
      "match.viewers": (payload) => {
        if (payload.match === match) utils.viewers.ofMatch.setData({ id: match }, { data: payload });
      },
    },
  };
}

/** A live match's figures on a page that doesn't otherwise follow its channel (the Streams page's rows). */
export function useLiveViewers(match: number): ViewerFigures | null {
  const { figures, handlers } = useViewers(match, { live: true });
  useChannel(CHANNELS.match(match), handlers);
  return figures;
}
