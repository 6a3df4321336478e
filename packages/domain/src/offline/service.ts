// Offline recordings: what a camera recorded without a scheduled match, listed
// for the club's offline page and turned into a match (status processing).
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { ConflictError, NotFoundError } from "../core/errors.ts";
import { written } from "../core/answers.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { authorize, requireClub } from "../core/policy.ts";
import { idAndName } from "../core/presenters.ts";
import { checkReferences, editingColumns } from "../matches/editing.ts";
import { matchAnswer } from "../matches/answers.ts";
import { createMatchRepository } from "../matches/repository.ts";
import type { MediaService } from "../media/service.ts";
import type { OfflineRecordingAnswer, RecordingToMatchInput } from "./schemas.ts";

const recordingSelect = {
  id: true,
  clubId: true,
  startTime: true,
  endTime: true,
  configurationId: true,
  vodHlsUrl: true,
  matchId: true,
  field: idAndName,
} satisfies Prisma.OfflineRecordingSelect;

type RecordingRow = Prisma.OfflineRecordingGetPayload<{ select: typeof recordingSelect }>;

function presentRecording(recording: RecordingRow): OfflineRecordingAnswer {
  return {
    id: recording.id,
    club_id: recording.clubId,
    start_time: recording.startTime.toISOString(),
    end_time: recording.endTime.toISOString(),
    field: recording.field,
    configuration_id: recording.configurationId,
    vod_hls_url: recording.vodHlsUrl,
    match_id: recording.matchId,
  };
}

export function createOfflineService(deps: Deps, { media }: { media: MediaService }) {
  const { prisma } = deps;

  async function list(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "offline", clubId, "not_found.club");
    const where = { clubId };
    const [rows, total] = await Promise.all([
      prisma.offlineRecording.findMany({
        where,
        select: recordingSelect,
        orderBy: [{ startTime: "desc" }, { id: "desc" }],
        ...pageWindow(page),
      }),
      prisma.offlineRecording.count({ where }),
    ]);
    if (!rows.length) await requireClub(prisma, clubId);
    return paged(rows.map(presentRecording), total, page, translate(ctx.locale, "not_found.offline_recordings"));
  }

  /** A match (status processing) from a recording's dates, field and configuration; once per recording. */
  async function toMatch(
    params: { club: number; recording: number },
    input: RecordingToMatchInput,
    ctx: RequestContext,
  ) {
    authorize(ctx, "offline", params.club, "not_found.offline_recording");
    const recording = await prisma.offlineRecording.findFirst({
      where: { id: params.recording, clubId: params.club },
      select: recordingSelect,
    });
    if (!recording) throw new NotFoundError("not_found.offline_recording");
    if (recording.matchId) throw new ConflictError("recording", "offline.already_matched");
    await checkReferences(prisma, params.club, input);

    const match = await prisma.$transaction(async (tx) => {
      const match = await createMatchRepository(tx).create("processing", {
        ...editingColumns(input),
        clubId: params.club,
        fieldId: recording.field?.id ?? null,
        configurationId: recording.configurationId,
        startingAt: recording.startTime,
        stoppingAt: recording.endTime,
        vodHlsUrl: recording.vodHlsUrl,
      });
      // Conditional: of two concurrent requests only one links the recording; the other rolls back.
      const linked = await tx.offlineRecording.updateMany({
        where: { id: recording.id, matchId: null },
        data: { matchId: match.id },
      });
      if (linked.count !== 1) throw new ConflictError("recording", "offline.already_matched");
      return match;
    });
    return written(await matchAnswer(prisma, media, match), translate(ctx.locale, "match.created"));
  }

  return { list, toMatch };
}

export type OfflineService = ReturnType<typeof createOfflineService>;
