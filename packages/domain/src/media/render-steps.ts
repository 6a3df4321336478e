// The worker's steps on one version of a video made from a match (a clip, a
// summary): how far it is, its failure, its files in place. Each step changes
// the row only while it is still at the job's version, so a job for an older
// version changes nothing, and a finished one whose row moved on or went leaves
// no file behind. The table's own code says how to read and write its rows. A
// change of state commits with its news (the outbox); a progress tick is a signal.
import type { Prisma, PrismaClient, RenderState } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { EventPublisher } from "../realtime/publisher.ts";
import type { MediaService } from "./service.ts";

export interface RenderRow {
  matchId: number;
  state: RenderState;
  progress: number;
  failureReason: string | null;
  videoPath: string | null;
  posterPath: string | null;
}

/** The row of one job: its id and the version the job was queued for (and, while making it, its state). */
export interface RenderVersion {
  id: number;
  version: number;
  state?: "cutting";
}

type RenderData = Partial<Pick<RenderRow, "state" | "progress" | "failureReason" | "videoPath" | "posterPath">>;

/** A transaction's client, or the process's (a progress tick). */
type Db = Prisma.TransactionClient | PrismaClient;

export interface RenderTable<Row extends RenderRow, Extra extends object> {
  /** Changes the row when it is at that version; how many rows changed (0 or 1). */
  update(db: Db, where: RenderVersion, data: RenderData & Partial<Extra>): Promise<{ count: number }>;
  find(db: Db, where: RenderVersion): Promise<Row | null>;
}

/** How a row's making is told: its state changes through the outbox (`to`), its progress as a signal (realtime/publisher.ts). */
export interface RenderNews<Row> {
  publish(row: Row, to: EventPublisher): void;
  progress(row: Row & { state: "cutting" }): void;
}

export function renderSteps<Row extends RenderRow, Extra extends object = object>(
  table: RenderTable<Row, Extra>,
  { prisma, outbox, media }: Pick<Deps, "prisma" | "outbox"> & { media: Pick<MediaService, "removeMatchFiles"> },
  news: RenderNews<Row>,
) {
  /**
   * Changes the row at that version and tells its new state, with what `alongside` posts, in one commit;
   * whether it was at that version.
   */
  function change(
    where: RenderVersion,
    data: RenderData & Partial<Extra>,
    alongside?: (tx: Prisma.TransactionClient, post: OutboxPost, row: Row) => Promise<void>,
  ): Promise<boolean> {
    return outbox.transaction(async (tx, post) => {
      const { count } = await table.update(tx, where, data);
      const row = count ? await table.find(tx, where) : null;
      if (!row) return false;
      news.publish(row, post.events);
      await alongside?.(tx, post, row);
      return true;
    });
  }

  /** How far the making is (percent): a tick the next one replaces, told as a signal. */
  async function progressed(at: RenderVersion, progress: number): Promise<void> {
    const cutting = { ...at, state: "cutting" } as const;
    const { count } = await table.update(prisma, cutting, { progress } as RenderData & Partial<Extra>);
    const row = count ? await table.find(prisma, cutting) : null;
    if (row?.state === "cutting") news.progress(row as Row & { state: "cutting" });
  }

  /** The making failed for good: the row says why. */
  async function failed(at: RenderVersion, reason: string): Promise<void> {
    await change(at, { state: "failed", failureReason: reason } as RenderData & Partial<Extra>);
  }

  /**
   * The files are in place: the row is ready with them (and `extra`), with what `alongside` posts, and the
   * files of its earlier making go (a retried run of this very version wrote the same names: those stay).
   * A row changed or deleted meanwhile keeps nothing of them.
   */
  async function finished(
    at: RenderVersion,
    files: { matchId: number; videoPath: string; posterPath: string },
    extra: Extra,
    alongside?: (tx: Prisma.TransactionClient, post: OutboxPost, row: Row) => Promise<void>,
  ): Promise<{ applied: boolean }> {
    const { matchId, videoPath, posterPath } = files;
    const before = await table.find(prisma, at);
    const ready = { ...extra, videoPath, posterPath, state: "ready", progress: 100, failureReason: null } as const;
    if (!before || !(await change(at, ready, alongside))) {
      await media.removeMatchFiles(matchId, [videoPath, posterPath]);
      return { applied: false };
    }
    const earlier = [before.videoPath, before.posterPath].filter((path) => path !== videoPath && path !== posterPath);
    await media.removeMatchFiles(matchId, earlier);
    return { applied: true };
  }

  return { progressed, failed, finished };
}
