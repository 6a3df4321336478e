// The work after a match's recording is on demand with a video of ours (in the media store): the
// worker's recording.download job makes its MP4 download and recording.index its keyframe index
// (packages/shared/src/jobs.ts). The report that takes the match on demand marks its download
// `preparing` and bumps its recording version in the same update (downloadOnDemand); the jobs carry
// that version, so one of an earlier recording (before a restore) changes nothing, and their ids,
// so a replayed report queues no second job. The download's outcome is written here, for every
// answer (download_status), and told on the match's channel, so its page shows the link without
// a reload.
import { CHANNELS, EVENTS, type DownloadStatus } from "@clubcast/shared";
import type { RecordingJob } from "@clubcast/shared/jobs";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { MatchRow } from "./presenter.ts";

/**
 * What a transition to on demand writes about the download: `preparing` under a new recording
 * version when the video is ours to make one from, else no download.
 */
export const downloadOnDemand = (videoIsOurs: boolean) =>
  videoIsOurs ? { downloadStatus: "preparing" as const, recordingVersion: { increment: 1 } } : { downloadStatus: null };

/**
 * Posts a match's after-recording jobs while its download is being prepared, in the transaction of
 * the report that took it on demand, and again (the same job ids: nothing added) in a replay of it.
 */
export function recordingOnDemand(
  post: OutboxPost,
  match: Pick<MatchRow, "id" | "status" | "downloadStatus" | "recordingVersion">,
): void {
  if (match.status !== "vod" || match.downloadStatus !== "preparing") return;
  post.recordingWork({ matchId: match.id, version: match.recordingVersion });
}

export function createRecordingWork({ prisma, outbox }: Deps) {
  /** Whether the job's recording is still the match's on-demand video (not deleted, restored or recorded again). */
  async function isCurrentRecording({ matchId, version }: RecordingJob): Promise<boolean> {
    const count = await prisma.match.count({ where: { id: matchId, status: "vod", recordingVersion: version } });
    return count > 0;
  }

  /**
   * Writes the download's outcome for the job's recording (nothing when another one came since) and
   * tells the match's page, committed together (the outbox).
   */
  function settleDownload({ matchId, version }: RecordingJob, status: Exclude<DownloadStatus, "preparing">) {
    return outbox.transaction(async (tx, post) => {
      const { count } = await tx.match.updateMany({
        where: { id: matchId, recordingVersion: version, downloadStatus: "preparing" },
        data: { downloadStatus: status },
      });
      if (count > 0) post.events.publish(CHANNELS.match(matchId), EVENTS.matchChanged, { match: matchId });
      return { applied: count > 0 };
    });
  }

  return {
    isCurrentRecording,
    downloadReady: (job: RecordingJob) => settleDownload(job, "ready"),
    downloadFailed: (job: RecordingJob) => settleDownload(job, "failed"),
  };
}
