// What camera controllers call, signed in with API-client credentials whose
// token is bound to one configuration: heartbeats (feeding monitoring), a
// match's live stream being ready, and a recording having finished.
import { canTransition, finishedRecordingOf, type MatchStatus } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { CameraClient, RequestContext } from "../core/context.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../core/errors.ts";
import { admitSignInAttempt } from "../core/rate-limit.ts";
import type { AuthService } from "../auth/service.ts";
import type { ClipsService } from "../clips/service.ts";
import type { MatchesService } from "../matches/service.ts";
import type { MediaService } from "../media/service.ts";
import { downloadOnDemand, recordingOnDemand } from "../matches/recording-work.ts";
import { matchColumns, type MatchRow } from "../matches/presenter.ts";
import { checkSignIn } from "../auth/passwords.ts";
import type { TokenAnswer } from "../auth/schemas.ts";
import { idAndName } from "../core/presenters.ts";
import { createMatchRepository, movedMatch } from "../matches/repository.ts";
import { announce } from "../matches/lifecycle/notices.ts";
import { recordingFinishedEffects } from "../matches/lifecycle/recording-finished.ts";
import { LIVE_URL_STATUSES, streamReadyNotices } from "../matches/lifecycle/stream-ready.ts";
import { matchesReportableBy } from "./reporting.ts";
import type {
  HeartbeatAnswer,
  HeartbeatInput,
  RecordingFinishedAnswer,
  RecordingFinishedInput,
  StreamReadyAnswer,
  StreamReadyInput,
  TokenRequest,
} from "./schemas.ts";

/** First key of the advisory locks serialising one configuration's offline-recording reports. */
const OFFLINE_REPORT_LOCK = 7201;

/** The machine calling; user tokens are refused here as they are on the routes. */
function requireClient(ctx: RequestContext): CameraClient {
  if (!ctx.client) throw new UnauthorizedError();
  return ctx.client;
}

/** A camera controller bound to one configuration; the media gateway reports only for matches. */
function requireConfigurationClient(ctx: RequestContext): CameraClient & { configurationId: number; clubId: number } {
  const client = requireClient(ctx);
  if (client.configurationId === null || client.clubId === null) throw new ForbiddenError();
  return { ...client, configurationId: client.configurationId, clubId: client.clubId };
}

export function createCameraControllerService(
  deps: Deps,
  {
    auth,
    clips,
    matches,
    media,
  }: {
    auth: Pick<AuthService, "issueToken">;
    clips: Pick<ClipsService, "matchOnDemand">;
    matches: Pick<MatchesService, "cameraStartedRecording">;
    media: Pick<MediaService, "isOwnVideo">;
  },
) {
  const { prisma, redis, config } = deps;

  /** Client credentials for a bearer token bound to the client's configuration. */
  async function exchangeToken(input: TokenRequest, ctx: RequestContext): Promise<TokenAnswer> {
    const found = await prisma.apiClient.findUnique({ where: { clientId: input.client_id } });
    // A client secret is a password: guessing it is limited per client (and address) as logins are. The
    // address's budget counts only unknown client ids (spraying): the gateway and camera controllers share
    // their address with users (127.0.0.1 in the demo), who must not use up a machine's sign-in by theirs.
    const { perIp, perAccount } = config.loginRateLimit;
    const attempt = await admitSignInAttempt(redis, "camera-token", input.client_id, ctx.ip, {
      perIp: found ? null : perIp,
      perAccount,
    });
    const client = await checkSignIn(attempt, found, (c) => c.secretHash, input.client_secret);
    // Told only to whoever holds the secret, so it leaks nothing.
    if (client.revokedAt) throw new UnauthorizedError("api_client.revoked");
    await prisma.apiClient.update({ where: { id: client.id }, data: { lastUsedAt: new Date() } });
    return auth.issueToken({ apiClientId: client.id });
  }

  async function heartbeat(input: HeartbeatInput, ctx: RequestContext): Promise<HeartbeatAnswer> {
    const { configurationId } = requireConfigurationClient(ctx);
    const cameras = input.cameras ?? [];
    const known = await prisma.camera.findMany({
      where: { configurationId, technicalName: { in: cameras.map((camera) => camera.technical_name) } },
      select: { technicalName: true },
    });
    const knownNames = new Set(known.map((camera) => camera.technicalName));
    const unknown = cameras.findIndex((camera) => !knownNames.has(camera.technical_name));
    if (unknown >= 0) {
      throw ValidationError.field(`cameras.${unknown}.technical_name`, "camera_controller.unknown_camera", {
        name: cameras[unknown]!.technical_name,
      });
    }

    const now = new Date();
    await prisma.$transaction([
      prisma.configuration.update({
        where: { id: configurationId },
        data: { status: input.status, lastHeartbeatAt: now },
      }),
      ...cameras.map((camera) =>
        prisma.camera.updateMany({
          where: { configurationId, technicalName: camera.technical_name },
          data: { status: camera.status, lastHeartbeatAt: now },
        }),
      ),
    ]);
    return {
      data: { configuration: configurationId, status: input.status, last_heartbeat_at: now.toISOString(), cameras },
    };
  }

  /** A match recorded by the caller's configuration (any gateway configuration's for the gateway), or 404. */
  async function ownMatch(matchId: number, client: CameraClient) {
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...matchesReportableBy(client) },
      select: { id: true, clubId: true, status: true, liveHlsUrl: true },
    });
    if (!match) throw new NotFoundError("camera_controller.match_not_found");
    return match;
  }

  /**
   * The match's live stream is ready (its first segment plays). A match not yet recording starts
   * recording now, as a confirmed startRecording does (a camera records a scheduled match by itself
   * at its start). The URL is kept while the match records (or is about to); who hears of it is
   * streamReadyNotices'. Safe to repeat: a report for a live match with the URL it has, or for a
   * match already recorded (processing, vod: a late retry), changes nothing and publishes nothing,
   * and answers 200 with the match's status and stored URL, so a retrying controller stops
   * retrying; a recorded match's URLs are never overwritten. The URL, the start and the news commit
   * together (the outbox): nobody hears of a stream whose URL was not kept.
   */
  async function streamReady(input: StreamReadyInput, ctx: RequestContext): Promise<StreamReadyAnswer> {
    const match = await ownMatch(input.match_id, requireClient(ctx));
    const url = input.live_hls_url;
    const now = await deps.outbox.transaction(async (tx, post) => {
      // The URL first, and only while the match may keep it, with another URL: of concurrent reports
      // one changes it (the row stays locked until the commit).
      const [changed] = await tx.match.updateManyAndReturn({
        where: {
          id: match.id,
          status: { in: [...LIVE_URL_STATUSES] },
          ...(url === null
            ? { liveHlsUrl: { not: null } }
            : { OR: [{ liveHlsUrl: null }, { liveHlsUrl: { not: url } }] }),
        },
        data: { liveHlsUrl: url },
        select: { status: true },
      });
      // Refused when it started meanwhile (another report, a hand start) or was recorded.
      const started =
        canTransition(match.status as MatchStatus, "startRecording") &&
        (await matches.cameraStartedRecording(tx, post, match.id)).outcome === "moved";
      const notices = streamReadyNotices({
        match,
        urlChangedAt: changed?.status ?? null,
        started,
        sameUrl: match.liveHlsUrl === url,
      });
      for (const notice of notices) announce(post.events, notice);
      return tx.match.findUniqueOrThrow({ where: { id: match.id }, select: { status: true, liveHlsUrl: true } });
    });
    return { data: { match: match.id, status: now.status, live_hls_url: now.liveHlsUrl } };
  }

  const finishedAnswer = (match: Pick<MatchRow, "id" | "status" | "vodHlsUrl" | "recordingProblem">) => ({
    match: {
      id: match.id,
      status: match.status,
      vod_hls_url: match.vodHlsUrl,
      recording_problem: match.recordingProblem,
    },
  });

  /**
   * Moves the match on through the state machine in one transaction: a match not yet recording
   * (its camera recorded it by itself but never had a stream to report) starts, a live one stops,
   * and then finishedRecordingOf decides: with a video it goes on demand; without one it stays in
   * processing marked no_video, and the club's staff are told. Each step is a conditional
   * transition, so a duplicate report (or one racing the worker) never applies twice, and a
   * replayed report answers 200 with the match as the first one left it (a match on demand keeps
   * its video; a later report with a video still takes a no_video match on demand). A video of ours
   * goes on demand with its download `preparing`, and the worker's after-recording jobs are queued
   * (again on a replay: their ids make that add nothing). The news, the cuts of the clips placed while
   * it recorded and those jobs commit with the change (the outbox).
   */
  async function finishMatchRecording(matchId: number, vodHlsUrl: string | null, client: CameraClient) {
    const { id } = await ownMatch(matchId, client);
    const finishing = finishedRecordingOf(vodHlsUrl);
    const finishIn = async (tx: Prisma.TransactionClient) => {
      const repository = createMatchRepository(tx);
      // Each step is refused for a match past it, which then goes on from where it is.
      await repository.transition(id, "startRecording");
      await repository.transition(id, "stopRecording");
      if (finishing.event) {
        const result = await repository.transition(id, finishing.event, {
          vodHlsUrl,
          recordingProblem: null,
          ...downloadOnDemand(media.isOwnVideo(id, vodHlsUrl)),
        });
        if (result.outcome === "refused" && result.error.from === "vod") {
          return { match: await tx.match.findUniqueOrThrow({ where: { id }, select: matchColumns }), changed: false };
        }
        return { match: movedMatch(result, "camera_controller.match_not_found"), changed: true };
      }
      const [marked] = await tx.match.updateManyAndReturn({
        where: { id, status: "processing", recordingProblem: null },
        // No URL of a video that isn't there: not the live stream's either.
        data: { recordingProblem: finishing.problem, vodHlsUrl: null, liveHlsUrl: null },
        select: matchColumns,
      });
      if (marked) return { match: marked, changed: true };
      // Marked before (a replay), or on demand already with the video an earlier report brought.
      const match = await tx.match.findUnique({ where: { id }, select: matchColumns });
      if (!match) throw new NotFoundError("camera_controller.match_not_found");
      return { match, changed: false };
    };
    const match = await deps.outbox.transaction(async (tx, post) => {
      const { match, changed } = await finishIn(tx);
      const { notices, onDemand } = recordingFinishedEffects(match, changed);
      for (const notice of notices) announce(post.events, notice);
      // Now on demand: clips of markers placed while it recorded can be cut.
      if (onDemand) await clips.matchOnDemand(tx, post, id);
      recordingOnDemand(post, match);
      return match;
    });
    return finishedAnswer(match);
  }

  /** A recording without a match becomes the club's offline recording; a repeated report returns the same one. */
  async function keepOfflineRecording(
    input: RecordingFinishedInput,
    client: ReturnType<typeof requireConfigurationClient>,
  ) {
    const recording = await prisma.$transaction(async (tx) => {
      // Serialises reports of one configuration so a retried report can't create a second row.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OFFLINE_REPORT_LOCK}::int, ${client.configurationId}::int)`;
      const identity = {
        configurationId: client.configurationId,
        startTime: input.started_at,
        endTime: input.ended_at,
      };
      const include = { field: idAndName };
      const existing = await tx.offlineRecording.findFirst({ where: identity, include });
      if (existing) return existing;
      const configuration = await tx.configuration.findUniqueOrThrow({
        where: { id: client.configurationId },
        select: { fieldId: true },
      });
      return tx.offlineRecording.create({
        data: { ...identity, clubId: client.clubId, fieldId: configuration.fieldId, vodHlsUrl: input.vod_hls_url },
        include,
      });
    });
    return {
      offline_recording: {
        id: recording.id,
        club: recording.clubId,
        field: recording.field,
        start_time: recording.startTime.toISOString(),
        end_time: recording.endTime.toISOString(),
        vod_hls_url: recording.vodHlsUrl,
      },
    };
  }

  async function recordingFinished(
    input: RecordingFinishedInput,
    ctx: RequestContext,
  ): Promise<RecordingFinishedAnswer> {
    const client = requireClient(ctx);
    const data =
      input.match_id == null
        ? await keepOfflineRecording(input, requireConfigurationClient(ctx))
        : await finishMatchRecording(input.match_id, input.vod_hls_url, client);
    return { data };
  }

  return { exchangeToken, heartbeat, streamReady, recordingFinished };
}

export type CameraControllerService = ReturnType<typeof createCameraControllerService>;
