// Recording matches that nothing ends (live, or awaiting a video that never came): past their
// stopping time by a grace period, with no publisher on their camera. The worker's repeated sweep
// (the overdueMatches job) stops each the way a club admin would: a stopRecording command to its
// camera, whose confirmation ends the match as usual and whose refusal or silence ends it without
// the camera (endWithoutCamera).
import { OVERDUE_LIVE_GRACE_MS } from "@clubcast/shared/jobs";
import type { Deps } from "../deps.ts";
import type { MediaGatewayService } from "../media-gateway/service.ts";
import { createCameraCommandPlanner, recordingMatches } from "./camera-commands.ts";
import type { CommandOutcome } from "./job-outcomes.ts";

export function createOverdueMatches(
  deps: Pick<Deps, "prisma" | "jobs">,
  {
    publishers,
    endWithoutCamera,
  }: {
    publishers: Pick<MediaGatewayService, "connectedPublishers">;
    endWithoutCamera: (job: { matchId: number; requestedBy: number | null }) => Promise<CommandOutcome>;
  },
) {
  const { prisma, jobs } = deps;
  const planner = createCameraCommandPlanner(deps);

  /**
   * Stops the recording matches whose stopping time passed OVERDUE_LIVE_GRACE_MS before `now` and whose
   * camera has no publisher; answers their ids. One stop per match and stopping time (the command's
   * idempotency key): a sweep repeated before the camera answers sends nothing new.
   */
  async function stopOverdueMatches(now: Date = new Date()): Promise<number[]> {
    const overdue = await prisma.match.findMany({
      where: { ...recordingMatches, stoppingAt: { lt: new Date(now.getTime() - OVERDUE_LIVE_GRACE_MS) } },
      select: { id: true, clubId: true, fieldId: true, configurationId: true, stoppingAt: true },
      orderBy: { id: "asc" },
    });
    if (overdue.length === 0) return [];
    const publishing = new Set((await publishers.connectedPublishers()).map((p) => p.configuration_id));
    const stopped: number[] = [];
    for (const match of overdue) {
      const configurationId = await planner.findConfigurationFor(match);
      if (configurationId !== null && publishing.has(configurationId)) continue;
      stopped.push(match.id);
      // No camera to ask: nothing can confirm the stop.
      if (configurationId === null) {
        await endWithoutCamera({ matchId: match.id, requestedBy: null });
        continue;
      }
      await jobs.enqueueCameraCommand({
        command: "stopRecording",
        matchId: match.id,
        configurationId,
        requestedBy: null,
        idempotencyKey: `overdue-stop-${match.id}-${match.stoppingAt.getTime()}`,
      });
    }
    return stopped;
  }

  return { stopOverdueMatches };
}
