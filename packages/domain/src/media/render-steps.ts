// The worker's steps on one version of a video made from a match (a clip, a
// summary): how far it is, its failure, its files in place. Each step changes
// the row only while it is still at the job's version, so a job for an older
// version changes nothing, and a finished one whose row moved on or went leaves
// no file behind. The table's own code says how to read and write its rows.
import type { RenderState } from "@clubcast/db";
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

export interface RenderTable<Row extends RenderRow, Extra extends object> {
  /** Changes the row when it is at that version; how many rows changed (0 or 1). */
  update(where: RenderVersion, data: RenderData & Partial<Extra>): Promise<{ count: number }>;
  find(where: RenderVersion): Promise<Row | null>;
}

export function renderSteps<Row extends RenderRow, Extra extends object = object>(
  table: RenderTable<Row, Extra>,
  media: Pick<MediaService, "removeMatchFiles">,
  publish: (row: Row) => void,
) {
  /** Changes the row at that version and tells its new state; whether it was at that version. */
  async function change(where: RenderVersion, data: RenderData & Partial<Extra>): Promise<boolean> {
    const { count } = await table.update(where, data);
    const row = count ? await table.find(where) : null;
    if (row) publish(row);
    return count > 0;
  }

  /** How far the making is (percent). */
  async function progressed(at: RenderVersion, progress: number): Promise<void> {
    await change({ ...at, state: "cutting" }, { progress } as RenderData & Partial<Extra>);
  }

  /** The making failed for good: the row says why. */
  async function failed(at: RenderVersion, reason: string): Promise<void> {
    await change(at, { state: "failed", failureReason: reason } as RenderData & Partial<Extra>);
  }

  /**
   * The files are in place: the row is ready with them (and `extra`), and the files of its earlier
   * making go (a retried run of this very version wrote the same names: those stay). A row changed
   * or deleted meanwhile keeps nothing of them.
   */
  async function finished(
    at: RenderVersion,
    files: { matchId: number; videoPath: string; posterPath: string },
    extra: Extra,
  ): Promise<{ applied: boolean }> {
    const { matchId, videoPath, posterPath } = files;
    const before = await table.find(at);
    const ready = { ...extra, videoPath, posterPath, state: "ready", progress: 100, failureReason: null } as const;
    if (!before || !(await change(at, ready))) {
      await media.removeMatchFiles(matchId, [videoPath, posterPath]);
      return { applied: false };
    }
    const earlier = [before.videoPath, before.posterPath].filter((path) => path !== videoPath && path !== posterPath);
    await media.removeMatchFiles(matchId, earlier);
    return { applied: true };
  }

  return { progressed, failed, finished };
}
