// How many people watch a live match: read once, then kept up to date by the match's channel
// (match.viewers). A page whose player shows the match live counts itself in (watchLive).
import { useEffect } from "react";
import { CHANNELS, type EventPayloads } from "@clubcast/shared";
import { trpc } from "./trpc.ts";
import { useChannel, watchLive } from "./realtime.ts";

export type ViewerFigures = EventPayloads["match.viewers"];

/** The match's viewer figures while `live`; with `watching`, this page counts as one of them. */
export function useViewers(match: number, { live, watching = false }: { live: boolean; watching?: boolean }) {
  const utils = trpc.useUtils();
  const figures = trpc.viewers.ofMatch.useQuery({ id: match }, { enabled: live });
  useChannel(live ? CHANNELS.match(match) : null, {
    "match.viewers": (payload) => {
      if (payload.match === match) utils.viewers.ofMatch.setData({ id: match }, { data: payload });
    },
  });
  useEffect(() => (live && watching ? watchLive(match) : undefined), [match, live, watching]);
  return live ? (figures.data?.data ?? null) : null;
}
