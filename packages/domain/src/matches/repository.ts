// The one writer of a match's status: a match is created in one of the initial
// statuses and then moves only through the shared state machine
// (packages/shared/src/match-status.ts), one conditional update per event.
import {
  InvalidMatchTransitionError,
  canTransition,
  transitionOf,
  type InitialMatchStatus,
  type MatchEvent,
  type MatchStatus,
} from "@clubcast/shared";
import type { Pool, PoolClient } from "pg";
import { Prisma, type PrismaClient } from "@clubcast/db";
import { NotFoundError } from "../core/errors.ts";
import { queryPrepared } from "../core/prepared.ts";
import type { Outbox, OutboxPost } from "../jobs/outbox.ts";
import type { MessageKey } from "../core/i18n.ts";
import { matchColumns, matchColumnsSql, type MatchRow } from "./presenter.ts";

/** The columns an event may write along with the status (e.g. the configuration that carried it out). */
export type TransitionData = Omit<Prisma.MatchUncheckedUpdateManyInput, "status">;

export type TransitionResult =
  | { outcome: "moved"; match: MatchRow }
  /** The match's status does not allow the event; the error names that status (409 for callers). */
  | { outcome: "refused"; error: InvalidMatchTransitionError }
  | { outcome: "missing" };

/** The moved match; else the refusal (409) or a 404 with `notFoundKey`. */
export function movedMatch(result: TransitionResult, notFoundKey: MessageKey = "not_found.match"): MatchRow {
  if (result.outcome === "moved") return result.match;
  throw result.outcome === "refused" ? result.error : new NotFoundError(notFoundKey);
}

/** What a transition written together may write along with the status (what job outcomes write). */
export interface BatchedTransitionData {
  configurationId?: number;
  isScheduled?: boolean;
  /** null clears the match's recording problem (a restore asks the camera for the recording again). */
  recordingProblem?: null;
}

/** A transition asked of several at once (moveTogether, createTransitionBatcher). */
export interface TransitionRequest {
  matchId: number;
  event: MatchEvent;
  data: BatchedTransitionData;
  /**
   * The key of the job outcome this transition is the effect of (job_outcomes): claimed in the
   * statement that moves the match, so claim and effect commit together. A key claimed before
   * answers "claimed before" and moves nothing.
   */
  claim?: string;
}

/** What a transition written together answers: a transition's result, or that its outcome was handled before. */
export type BatchedTransitionResult = TransitionResult | { outcome: "claimed before" };

/** A request of moveTogether: whether its claim was made now (always, without one), and its match if moved. */
interface MovedTogether {
  claimed: boolean;
  match: MatchRow | null;
}

/** Match writes through `db`: the process's client, or an interactive transaction's. */
export function createMatchRepository(db: PrismaClient | Prisma.TransactionClient) {
  /** A new match in one of the statuses a match may start in. */
  function create(status: InitialMatchStatus, data: Omit<Prisma.MatchUncheckedCreateInput, "status">) {
    return db.match.create({ data: { ...data, status }, select: matchColumns });
  }

  /**
   * Moves the match by `event` and writes `data` with it, in one update
   * conditional on a status the event is allowed from: of two concurrent
   * transitions only one can win, and the loser is refused from the status the
   * winner left behind.
   */
  async function transition(matchId: number, event: MatchEvent, data: TransitionData = {}): Promise<TransitionResult> {
    const { from, to } = transitionOf(event);
    for (;;) {
      const [moved] = await db.match.updateManyAndReturn({
        where: { id: matchId, status: { in: [...from] } },
        data: { ...data, status: to },
        select: matchColumns,
      });
      if (moved) return { outcome: "moved", match: moved };
      const current = await db.match.findUnique({ where: { id: matchId }, select: { status: true } });
      if (!current) return { outcome: "missing" };
      // Moved back to a status allowing the event since the update: decided again.
      if (!canTransition(current.status, event)) {
        return { outcome: "refused", error: new InvalidMatchTransitionError(current.status, event) };
      }
    }
  }

  return { create, transition };
}

export type MatchRepository = ReturnType<typeof createMatchRepository>;

/**
 * Moves the requests' matches (each at most once) with one conditional update per distinct event
 * and data, claiming the requests' outcome keys in the same statement: the rows the statement's
 * triggers keep (list counters, data versions) are written and committed once for all of them, not
 * once per match. Answers each request by match id; a claimed request whose match was not moved was
 * refused, is missing, or moved back meanwhile: for decideAlone() to decide.
 * A prepared statement of its own (core/prepared.ts): a $queryRaw costs the worker its query compiler
 * on every outcome.
 */
export async function moveTogether(
  pool: Pool | PoolClient,
  requests: readonly TransitionRequest[],
): Promise<Map<number, MovedTogether>> {
  const groups = new Map<string, TransitionRequest[]>();
  for (const request of requests) {
    const key = JSON.stringify([request.event, request.data]);
    groups.set(key, [...(groups.get(key) ?? []), request]);
  }
  const answers = new Map<number, MovedTogether>();
  // One after the other: concurrent statements would only queue on the same counter rows.
  for (const group of groups.values()) {
    const { event, data } = group[0]!;
    const { from, to } = transitionOf(event);
    const rows = await queryPrepared<{ askedId: number; claimed: boolean } & MatchRow>(
      pool,
      Prisma.sql`
      WITH asked AS (
        SELECT * FROM unnest(${group.map((request) => request.matchId)}::int[], ${group.map((request) => request.claim ?? null)}::text[])
          AS a(match_id, claim)
      ),
      claimed AS (
        INSERT INTO job_outcomes (key) SELECT claim FROM asked WHERE claim IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING key
      ),
      allowed AS (
        SELECT match_id FROM asked WHERE claim IS NULL OR claim IN (SELECT key FROM claimed)
      ),
      moved AS (
        UPDATE matches m
        SET status = ${to}::"MatchStatus", updated_at = now(),
            configuration_id = COALESCE(${data.configurationId ?? null}::int, m.configuration_id),
            is_scheduled = COALESCE(${data.isScheduled ?? null}::boolean, m.is_scheduled),
            recording_problem = CASE WHEN ${data.recordingProblem === null}::boolean THEN NULL ELSE m.recording_problem END
        WHERE m.id IN (SELECT match_id FROM allowed)
          AND m.status = ANY(${[...from]}::"MatchStatus"[])
        RETURNING ${matchColumnsSql("m")}
      )
      SELECT a.match_id AS "askedId", a.match_id IN (SELECT match_id FROM allowed) AS claimed, moved.*
      FROM asked a LEFT JOIN moved ON moved.id = a.match_id`,
    );
    for (const { askedId, claimed, ...match } of rows) {
      answers.set(askedId, { claimed, match: match.id === null ? null : match });
    }
  }
  return answers;
}

/** A transition written together, with what it posts once decided (job outcomes: timers, news, messages). */
export interface BatchedTransition extends TransitionRequest {
  /** Runs in the transaction that decided the transition: what it posts commits with it. */
  effects?: (result: BatchedTransitionResult, post: OutboxPost) => void | Promise<void>;
}

/**
 * A claimed request whose match moveTogether did not move, decided in its transaction: its row locked,
 * refused from the status it has, or moved alone when it moved back to a status allowing the event.
 */
async function decideAlone(client: PoolClient, request: TransitionRequest): Promise<TransitionResult> {
  const [current] = await queryPrepared<{ status: MatchStatus }>(
    client,
    Prisma.sql`SELECT status FROM matches WHERE id = ${request.matchId} FOR UPDATE`,
  );
  if (!current) return { outcome: "missing" };
  if (!canTransition(current.status, request.event)) {
    return { outcome: "refused", error: new InvalidMatchTransitionError(current.status, request.event) };
  }
  const moved = await moveTogether(client, [{ ...request, claim: undefined }]);
  const match = moved.get(request.matchId)?.match;
  return match ? { outcome: "moved", match } : { outcome: "missing" };
}

/**
 * Transitions asked while a write of others is under way wait for it and are then written together,
 * in one transaction of the outbox (outbox.pgTransaction): moveTogether, then each request's effects,
 * so under a burst of job outcomes one commit moves many matches and posts what they start, without
 * a timer delaying a lone one. A match asked again before its turn waits for the next write, so its
 * requests keep their order. A write that fails fails each of its requests (their jobs are retried).
 */
export function createTransitionBatcher(outbox: Pick<Outbox, "pgTransaction">) {
  type Waiting = { request: BatchedTransition; settle: (result: Promise<BatchedTransitionResult>) => void };
  let waiting: Waiting[] = [];
  let writing = false;

  async function write(client: PoolClient, post: OutboxPost, requests: BatchedTransition[]) {
    const answers = await moveTogether(client, requests);
    const results: BatchedTransitionResult[] = [];
    for (const request of requests) {
      const { claimed, match } = answers.get(request.matchId)!;
      const result: BatchedTransitionResult = !claimed
        ? { outcome: "claimed before" }
        : match
          ? { outcome: "moved", match }
          : await decideAlone(client, request);
      await request.effects?.(result, post);
      results.push(result);
    }
    return results;
  }

  async function writeWaiting() {
    writing = true;
    while (waiting.length) {
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const inBatch = new Set<number>();
      for (const entry of waiting) {
        (inBatch.has(entry.request.matchId) ? later : batch).push(entry);
        inBatch.add(entry.request.matchId);
      }
      waiting = later;
      const written = outbox.pgTransaction((client, post) =>
        write(
          client,
          post,
          batch.map((entry) => entry.request),
        ),
      );
      batch.forEach(({ settle }, i) => settle(written.then((results) => results[i]!)));
      await written.catch(() => {});
    }
    writing = false;
  }

  return (request: BatchedTransition): Promise<BatchedTransitionResult> =>
    new Promise((resolve) => {
      waiting.push({ request, settle: resolve });
      if (!writing) void writeWaiting();
    });
}
