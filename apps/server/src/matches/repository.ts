// The one writer of a match's status: a match is created in one of the initial
// statuses and then moves only through the shared state machine
// (packages/shared/src/match-status.ts), one conditional update per event.
import {
  InvalidMatchTransitionError,
  canTransition,
  transitionOf,
  type InitialMatchStatus,
  type MatchEvent,
} from "@clubcast/shared";
import type { Prisma, PrismaClient } from "@clubcast/db";
import { NotFoundError } from "../core/errors.ts";
import type { MessageKey } from "../core/i18n.ts";
import { matchColumns, type MatchRow } from "./presenter.ts";

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
