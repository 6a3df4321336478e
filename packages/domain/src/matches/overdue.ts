// The worker's repeated sweep (the overdueMatches job): finds the overdue recording matches (live,
// or awaiting a video that never came) and their cameras' publishers, and stops each as
// lifecycle/overdue-stop.ts says.
import type { Deps } from "../deps.ts";
import type { MediaGatewayService } from "../media-gateway/service.ts";
import { createCameraCommandPlanner } from "./camera-commands.ts";
import type { CommandOutcome } from "./job-outcomes.ts";
import { overdueBefore, overdueStop } from "./lifecycle/overdue-stop.ts";
import { recordingMatches } from "./lifecycle/recording.ts";

export function createOverdueMatches(
  deps: Pick<Deps, "prisma" | "outbox">,
  {
    publishers,
    endWithoutCamera,
  }: {
    publishers: Pick<MediaGatewayService, "connectedPublishers">;
    endWithoutCamera: (job: { matchId: number; requestedBy: number | null }) => Promise<CommandOutcome>;
  },
) {
  const { prisma, outbox } = deps;
  const planner = createCameraCommandPlanner(deps);

  /** Stops the recording matches overdue at `now` whose camera has no publisher; answers their ids. */
  async function stopOverdueMatches(now: Date = new Date()): Promise<number[]> {
    const overdue = await prisma.match.findMany({
      where: { ...recordingMatches, stoppingAt: { lt: overdueBefore(now) } },
      select: { id: true, clubId: true, fieldId: true, configurationId: true, stoppingAt: true },
      orderBy: { id: "asc" },
    });
    if (overdue.length === 0) return [];
    const publishing = new Set((await publishers.connectedPublishers()).map((p) => p.configuration_id));
    const stopped: number[] = [];
    for (const match of overdue) {
      const stop = overdueStop(match, await planner.findConfigurationFor(match), publishing);
      if (stop.kind === "leave") continue;
      stopped.push(match.id);
      if (stop.kind === "end without camera") {
        await endWithoutCamera({ matchId: match.id, requestedBy: null });
        continue;
      }
      // Its key is the stop's own (overdue-stop.ts): a sweep that runs again adds no second command.
      await outbox.post((post) =>
        post.cameraCommand(
          { command: "stopRecording", matchId: match.id, configurationId: stop.configurationId, requestedBy: null },
          stop.idempotencyKey,
        ),
      );
    }
    return stopped;
  }

  return { stopOverdueMatches };
}
