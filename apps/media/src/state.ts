// What the media gateways share through the database (prisma/schema.prisma, "media gateways"): which
// camera records which match, since when, with which renditions and publisher sessions so far, its
// schedules, and which gateway holds its stream. Several gateways serve one platform, and a gateway
// restarted (or killed) loses none of it. Each gateway keeps the cameras it deals with in memory (a
// camera's parts are placed every half second, and the placing is synchronous) and writes each change
// through; it reads a camera again before it acts on it (a command, a publisher connecting), since
// another gateway may have started, continued or stopped its recording meanwhile.
import { Prisma, type PrismaClient } from "@clubcast/db";
import { GATEWAY_HOLD_SECONDS } from "@clubcast/shared";
import type { Rendition } from "./playlists.ts";

export interface RecordingState {
  matchId: number;
  recordingId: string;
  startedAt: string;
  /** Fixed by the first session, so every session of a recording has the same renditions. */
  renditions: Rendition[] | null;
  /** One per publisher connection, on whichever gateway: each after the first is a discontinuity. */
  sessions: number[];
  streamReadyReported: boolean;
  /** When a recording started by its schedule stops by itself (stopping_at); null when started by hand. */
  stopAt: string | null;
}

export interface FinishedRecording {
  matchId: number;
  recordingId: string;
  startedAt: string;
  endedAt: string;
}

export interface CameraState {
  scheduled: Record<string, { startingAt: string; stoppingAt: string }>;
  recording: RecordingState | null;
}

type RecordingRow = Prisma.GatewayRecordingGetPayload<object>;

const recordingOf = (row: RecordingRow): RecordingState => ({
  matchId: row.matchId,
  recordingId: row.id,
  startedAt: row.startedAt.toISOString(),
  renditions: (row.renditions as Rendition[] | null) ?? null,
  sessions: row.sessions,
  streamReadyReported: row.streamReadyReported,
  stopAt: row.stopAt?.toISOString() ?? null,
});

const renditionsJson = (recording: RecordingState) =>
  recording.renditions === null ? Prisma.DbNull : (recording.renditions as unknown as Prisma.InputJsonValue);

/** The state of the gateway reached at `ownUrl` (its camera-server URL, which the worker calls). */
export function createGatewayState(prisma: PrismaClient, ownUrl: string, log: (line: string) => void) {
  const cameras = new Map<string, CameraState>();
  /** Writes that need not hold anything up (a session, a report heard), in order; each failure is logged. */
  let writes = Promise.resolve();
  function writeLater(what: string, write: () => Promise<unknown>) {
    writes = writes.then(write).then(
      () => undefined,
      (error: Error) => log(`saving ${what} failed: ${error.message}`),
    );
  }

  const camera = (cameraId: string): CameraState => {
    let known = cameras.get(cameraId);
    if (!known) cameras.set(cameraId, (known = { scheduled: {}, recording: null }));
    return known;
  };

  /** Keeps `next` as the camera's recording; the same recording keeps its object (spans point at it). */
  function keepRecording(state: CameraState, next: RecordingState | null) {
    if (next && state.recording?.recordingId === next.recordingId) Object.assign(state.recording, next);
    else state.recording = next;
  }

  return {
    camera,
    cameras: () => cameras.entries(),

    /** Reads every camera with a recording under way or a schedule (at start). */
    async load(): Promise<void> {
      const [recordings, schedules] = await Promise.all([
        prisma.gatewayCamera.findMany({ where: { recordingId: { not: null } }, include: { recording: true } }),
        prisma.gatewaySchedule.findMany(),
      ]);
      for (const row of recordings) camera(row.cameraId).recording = recordingOf(row.recording!);
      for (const slot of schedules) {
        camera(slot.cameraId).scheduled[slot.matchId] = {
          startingAt: slot.startingAt.toISOString(),
          stoppingAt: slot.stoppingAt.toISOString(),
        };
      }
    },

    /** Reads one camera again: what another gateway may have changed. */
    async refresh(cameraId: string): Promise<CameraState> {
      await writes;
      const [row, schedules] = await Promise.all([
        prisma.gatewayCamera.findUnique({ where: { cameraId }, include: { recording: true } }),
        prisma.gatewaySchedule.findMany({ where: { cameraId } }),
      ]);
      const state = camera(cameraId);
      keepRecording(state, row?.recording ? recordingOf(row.recording) : null);
      state.scheduled = Object.fromEntries(
        schedules.map((slot) => [
          slot.matchId,
          { startingAt: slot.startingAt.toISOString(), stoppingAt: slot.stoppingAt.toISOString() },
        ]),
      );
      return state;
    },

    /**
     * Starts `recording` unless the camera already has one under way (started by another gateway meanwhile):
     * answers the one under way afterwards. Its match's schedule is done with.
     */
    async startRecording(cameraId: string, recording: RecordingState): Promise<RecordingState> {
      const busy = new Error("the camera has a recording under way");
      const started = await prisma
        .$transaction(async (tx) => {
          // ON CONFLICT, not Prisma's upsert: with nothing to update Prisma reads, then inserts, and a publisher
          // connecting at that moment (hold) inserted the row in between: a unique violation, the start refused.
          await tx.$executeRaw`INSERT INTO gateway_cameras (camera_id) VALUES (${cameraId}) ON CONFLICT (camera_id) DO NOTHING`;
          await tx.gatewayRecording.create({
            data: {
              id: recording.recordingId,
              cameraId,
              matchId: recording.matchId,
              startedAt: new Date(recording.startedAt),
              stopAt: recording.stopAt === null ? null : new Date(recording.stopAt),
              renditions: renditionsJson(recording),
              sessions: recording.sessions,
            },
          });
          const { count } = await tx.gatewayCamera.updateMany({
            where: { cameraId, recordingId: null },
            data: { recordingId: recording.recordingId },
          });
          // Another recording is under way: nothing of this one is kept.
          if (count === 0) throw busy;
          await tx.gatewaySchedule.deleteMany({ where: { cameraId, matchId: recording.matchId } });
          return true;
        })
        .catch((error: unknown) => (error === busy ? false : Promise.reject(error)));
      if (!started) return (await this.refresh(cameraId)).recording!;
      const state = camera(cameraId);
      state.recording = recording;
      delete state.scheduled[recording.matchId];
      return recording;
    },

    /** Stops the recording under way; false when it no longer is (stopped meanwhile, elsewhere). */
    async stopRecording(cameraId: string, recording: RecordingState, endedAt: Date): Promise<boolean> {
      const stopped = await prisma.$transaction(async (tx) => {
        const { count } = await tx.gatewayCamera.updateMany({
          where: { cameraId, recordingId: recording.recordingId },
          data: { recordingId: null },
        });
        if (count === 0) return false;
        await tx.gatewayRecording.update({ where: { id: recording.recordingId }, data: { endedAt } });
        return true;
      });
      const state = camera(cameraId);
      if (state.recording?.recordingId === recording.recordingId) state.recording = null;
      return stopped;
    },

    /** The camera's latest finished recording of a match, or null. */
    async finished(cameraId: string, matchId: number): Promise<FinishedRecording | null> {
      const row = await prisma.gatewayRecording.findFirst({
        where: { cameraId, matchId, endedAt: { not: null } },
        orderBy: { endedAt: "desc" },
      });
      return row
        ? {
            matchId,
            recordingId: row.id,
            startedAt: row.startedAt.toISOString(),
            endedAt: row.endedAt!.toISOString(),
          }
        : null;
    },

    async schedule(cameraId: string, matchId: number, slot: { startingAt: string; stoppingAt: string }) {
      const times = { startingAt: new Date(slot.startingAt), stoppingAt: new Date(slot.stoppingAt) };
      await prisma.gatewaySchedule.upsert({
        where: { cameraId_matchId: { cameraId, matchId } },
        create: { cameraId, matchId, ...times },
        update: times,
      });
      camera(cameraId).scheduled[matchId] = slot;
    },

    async unschedule(cameraId: string, matchId: number) {
      await prisma.gatewaySchedule.deleteMany({ where: { cameraId, matchId } });
      delete camera(cameraId).scheduled[matchId];
    },

    /** A publisher session of the recording began (its renditions fixed by the first). */
    addSession(recording: RecordingState, session: number) {
      recording.sessions.push(session);
      writeLater(`session ${session} of match ${recording.matchId}`, () =>
        prisma.gatewayRecording.update({
          where: { id: recording.recordingId },
          data: { sessions: { push: session }, renditions: renditionsJson(recording) },
        }),
      );
    },

    /** The API heard the recording's stream is ready. */
    async streamReadyReported(recording: RecordingState) {
      recording.streamReadyReported = true;
      await prisma.gatewayRecording.update({
        where: { id: recording.recordingId },
        data: { streamReadyReported: true, renditions: renditionsJson(recording) },
      });
    },

    /** This gateway holds the camera's stream now (its publisher connected here): commands come here. */
    async hold(cameraId: string): Promise<void> {
      const held = { gatewayUrl: ownUrl, heldAt: new Date() };
      await prisma.gatewayCamera.upsert({ where: { cameraId }, create: { cameraId, ...held }, update: held });
    },

    /** Renews this gateway's hold of the cameras; answers those another gateway took meanwhile. */
    async renew(cameraIds: string[]): Promise<string[]> {
      if (cameraIds.length === 0) return [];
      const renewed = await prisma.$queryRaw<{ camera_id: string }[]>`
        UPDATE gateway_cameras SET held_at = now()
        WHERE camera_id = ANY(${cameraIds}::text[]) AND gateway_url = ${ownUrl}
        RETURNING camera_id`;
      const kept = new Set(renewed.map((row) => row.camera_id));
      return cameraIds.filter((cameraId) => !kept.has(cameraId));
    },

    /** The camera's publisher left this gateway. */
    release(cameraId: string) {
      writeLater(`the release of camera ${cameraId}`, () =>
        prisma.gatewayCamera.updateMany({
          where: { cameraId, gatewayUrl: ownUrl },
          data: { gatewayUrl: null, heldAt: null },
        }),
      );
    },

    /** The URL of another gateway that holds the camera's stream now, or null (none does, or this one). */
    async heldElsewhere(cameraId: string): Promise<string | null> {
      const [row] = await prisma.$queryRaw<{ gateway_url: string }[]>`
        SELECT gateway_url FROM gateway_cameras
        WHERE camera_id = ${cameraId} AND gateway_url <> ${ownUrl}
          AND held_at > now() - ${GATEWAY_HOLD_SECONDS}::int * interval '1 second'`;
      return row?.gateway_url ?? null;
    },

    /** Waits for the writes under way. */
    flush: () => writes,
  };
}
export type GatewayState = ReturnType<typeof createGatewayState>;
