// Viewer counts of live matches: how many people watch each one now, and the most at once so far.
// A browser whose player shows a match live says so over its socket (SOCKET.watch); the server instance
// holding the socket counts it in a Redis sorted set per match, scored by when it last confirmed the
// socket still watches. So every instance counts the same viewers, and the viewers of an instance that
// stopped without saying goodbye drop out within VIEWER_EXPIRY_MS. Nothing personal is kept: a socket's
// random id, forgotten when it leaves. The peak lives beside the count for a day after it last rose.
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError } from "../core/errors.ts";
import type { RealtimeService } from "../realtime/service.ts";

/** How often a server instance confirms that its sockets still watch. */
export const VIEWER_CONFIRM_EVERY_MS = 15_000;
/** A viewer not confirmed for this long no longer counts (its server instance stopped). */
export const VIEWER_EXPIRY_MS = 3 * VIEWER_CONFIRM_EVERY_MS;
/** How long a match's peak is kept after it last rose. */
const PEAK_KEPT_MS = 24 * 60 * 60 * 1000;

export type ViewerFigures = Omit<EventPayloads["match.viewers"], "match">;

/** A socket watching a match live. */
export interface Watching {
  match: number;
  viewer: string;
}

/**
 * KEYS: the match's viewers, its peak. ARGV: the oldest confirmation that still counts, how long to keep
 * the peak. Answers {watching, peak}; a peak is written only when it rises.
 */
const COUNT_VIEWERS = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local watching = redis.call('ZCARD', KEYS[1])
local peak = tonumber(redis.call('GET', KEYS[2]) or '0')
if watching > peak then
  peak = watching
  redis.call('SET', KEYS[2], peak, 'PX', ARGV[2])
end
return {watching, peak}`;

const viewersKey = (match: number) => `viewers:${match}`;
const peakKey = (match: number) => `viewers-peak:${match}`;

export function createViewersService(deps: Deps, { realtime }: { realtime: Pick<RealtimeService, "maySeeMatch"> }) {
  const { redis, signals } = deps;
  /** What this instance last told each match's channel (watching/peak), so an unchanged count is not told again. */
  const told = new Map<number, string>();

  /** Counts each viewer as watching its match from now on, or confirms that it still does. */
  async function confirm(watching: Watching[]): Promise<void> {
    if (!watching.length) return;
    const now = Date.now();
    const batch = redis.multi();
    for (const { match, viewer } of watching)
      batch.zadd(viewersKey(match), now, viewer).pexpire(viewersKey(match), VIEWER_EXPIRY_MS);
    await batch.exec();
  }

  /** The viewer stopped watching the match (its player stopped, its page closed, it may no longer see it). */
  async function leave({ match, viewer }: Watching): Promise<void> {
    await redis.zrem(viewersKey(match), viewer);
  }

  /** Those watching now (the expired dropped) and the peak, raised to them: one script, so concurrent counts agree. */
  async function figuresOf(match: number): Promise<ViewerFigures> {
    const [watching, peak] = (await redis.eval(
      COUNT_VIEWERS,
      2,
      viewersKey(match),
      peakKey(match),
      Date.now() - VIEWER_EXPIRY_MS,
      PEAK_KEPT_MS,
    )) as [number, number];
    return { watching, peak };
  }

  /** Counts the match's viewers and tells its channel, when the figures changed since this instance last did. */
  async function tell(match: number): Promise<void> {
    const figures = await figuresOf(match);
    const said = `${figures.watching}/${figures.peak}`;
    if (told.get(match) === said) return;
    if (figures.watching) told.set(match, said);
    else told.delete(match);
    signals.signal(CHANNELS.match(match), EVENTS.matchViewers, { match, ...figures });
  }

  /** GET /v1/matches/:id/viewers: for whoever may see the match. */
  async function ofMatch(
    input: { id: number },
    ctx: RequestContext,
  ): Promise<{ data: EventPayloads["match.viewers"] }> {
    if (!(await realtime.maySeeMatch(input.id, ctx))) throw new NotFoundError("not_found.match");
    return { data: { match: input.id, ...(await figuresOf(input.id)) } };
  }

  return { confirm, leave, tell, ofMatch };
}

export type ViewersService = ReturnType<typeof createViewersService>;
