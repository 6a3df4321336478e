// What the media gateway asks and reports, and what staff see of it: who may
// publish (decided here, from the stream key and the configuration's livestream
// mode), the cameras connected now with their link's figures (the Streams page's
// previews, monitoring), the refused publishers (a club's staff see their own
// cameras', live; system admins every one) and the media disk (monitoring).
import { randomUUID } from "node:crypto";
import { withRedis } from "@clubcast/db/redis";
import {
  CHANNELS,
  EVENTS,
  GATEWAY_CAMERA_TYPE,
  heardRecently,
  streamKeyHint,
  type PublishRefusalCode,
} from "@clubcast/shared";
import type { MediaScope } from "@clubcast/media-store";
import type { Deps } from "../deps.ts";
import type { CameraClient, RequestContext } from "../core/context.ts";
import { listOf } from "../core/answers.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorize, authorizedRecord, requireClub, requireUser, isSystem } from "../core/policy.ts";
import { idAndName } from "../core/presenters.ts";
import type { MediaService } from "../media/service.ts";
import { isRecording } from "../matches/lifecycle/recording.ts";
import { presentClubRefusal, refusedConfigurationSelect } from "./presenters.ts";
import { codecOf, refusalCodeOf, SYSTEM_ONLY_CODES } from "./refusals.ts";
import type {
  ClubRefusal,
  ClubRefusalsAnswer,
  PublisherStatsInput,
  PreviewsAnswer,
  PublishAnswer,
  PublishInput,
  PublisherInput,
  Refusal,
  RefusalInput,
  RefusalsAnswer,
  StorageAnswer,
} from "./schemas.ts";

/** Redis keys (under the platform's prefix). */
const PUBLISHERS_KEY = "media:publishers";
const REFUSALS_KEY = "media:refusals";
/** A club's own refusals (its configurations'), for its Streams page. */
const clubRefusalsKey = (clubId: number) => `media:refusals:club:${clubId}`;
/** Refusals kept for monitoring, and per club. */
const REFUSALS_KEPT = 200;
const CLUB_REFUSALS_KEPT = 100;
/** How far back a match page shows its field's refusals while the match is scheduled or live. */
export const MATCH_REFUSALS_WITHIN_MS = 60 * 60_000;

interface ConnectedPublisher {
  configuration_id: number;
  club_id: number;
  protocol: "rtmp" | "srt";
  since: string;
  /** When the gateway last said so (it repeats it every 30 s while the camera publishes). */
  reported_at: string;
  hls_path: string | null;
  /** The link's latest figures, and when the gateway sent them. */
  stats?: PublisherStatsInput | null;
  stats_at?: string | null;
}

/** A connected publisher as monitoring and the previews show it. */
export interface PublisherState {
  configuration_id: number;
  club_id: number;
  protocol: "rtmp" | "srt";
  since: string;
  hls_path: string | null;
  stats: PublisherStatsInput | null;
  stats_at: string | null;
}

/**
 * Whether a refusal repeats the latest one kept: the same key (and configuration), protocol, code and words. An
 * encoder retrying every few seconds is one row that counts up, not a list it fills (an SRT caller's port
 * changes with each try, so the address is not compared).
 */
function repeats(latest: Refusal, refusal: Refusal): boolean {
  return (
    latest.stream_key_hint === refusal.stream_key_hint &&
    latest.configuration_id === refusal.configuration_id &&
    latest.protocol === refusal.protocol &&
    latest.code === refusal.code &&
    latest.reason === refusal.reason
  );
}

/** A refusal as it was kept; entries from before codes existed are read by their words. */
function storedRefusal(entry: string, index: number): Refusal {
  const stored = JSON.parse(entry) as Partial<Refusal> & Pick<Refusal, "at" | "protocol" | "reason">;
  return {
    id: stored.id ?? `earlier-${index}`,
    at: stored.at,
    protocol: stored.protocol,
    code: stored.code ?? refusalCodeOf(stored.reason),
    codec: stored.codec ?? codecOf(stored.reason),
    reason: stored.reason,
    stream_key_hint: stored.stream_key_hint ?? "…",
    address: stored.address ?? "",
    count: stored.count ?? 1,
    club_id: stored.club_id ?? null,
    configuration_id: stored.configuration_id ?? null,
  };
}

/** Only the media gateway's own machine client (no configuration) may ask or report. */
function requireGateway(ctx: RequestContext): CameraClient {
  if (!ctx.client) throw new UnauthorizedError();
  if (ctx.client.configurationId !== null) throw new ForbiddenError();
  return ctx.client;
}

export function createMediaGatewayService(deps: Deps, { media }: { media: Pick<MediaService, "scopeFileUrl"> }) {
  const { prisma, redis, config, signals } = deps;
  const store = deps.mediaStore;

  /** Adds a refusal to a list, latest first, or counts up the latest when it repeats it. */
  async function keepRefusal(key: string, kept: number, refusal: Refusal): Promise<void> {
    const head = await redis.lindex(key, 0);
    const latest = head === null ? null : storedRefusal(head, 0);
    if (latest && repeats(latest, refusal)) {
      await redis.lset(key, 0, JSON.stringify({ ...refusal, id: latest.id, count: latest.count + 1 }));
    } else {
      await redis
        .multi()
        .lpush(key, JSON.stringify(refusal))
        .ltrim(key, 0, kept - 1)
        .exec();
    }
  }

  /**
   * Logs a refusal for monitoring and, when its key is a configuration's (and the code names one), for
   * that club's streams staff, who hear of it at once on their streams channel.
   */
  async function logRefusal(refusal: RefusalInput, code: PublishRefusalCode): Promise<void> {
    const configuration = SYSTEM_ONLY_CODES.includes(code)
      ? null
      : await prisma.configuration.findFirst({
          where: { streamKey: refusal.stream_key },
          select: { id: true, clubId: true, fieldId: true },
        });
    const entry: Refusal = {
      id: randomUUID(),
      at: new Date().toISOString(),
      protocol: refusal.protocol,
      code,
      codec: refusal.codec?.toLowerCase() ?? codecOf(refusal.reason),
      reason: refusal.reason,
      stream_key_hint: streamKeyHint(refusal.stream_key),
      address: refusal.address,
      count: 1,
      club_id: configuration?.clubId ?? null,
      configuration_id: configuration?.id ?? null,
    };
    await withRedis(redis, async () => {
      await keepRefusal(REFUSALS_KEY, REFUSALS_KEPT, entry);
      if (configuration) await keepRefusal(clubRefusalsKey(configuration.clubId), CLUB_REFUSALS_KEPT, entry);
    });
    if (configuration) {
      // A signal (realtime/publisher.ts): the log it tells of is kept in Redis, not the database.
      signals.signal(CHANNELS.streams(configuration.clubId), EVENTS.streamRefused, {
        club: configuration.clubId,
        configuration: configuration.id,
        field: configuration.fieldId,
        code,
      });
    }
  }

  /** Whether the key may publish over the protocol; every refusal is logged for monitoring. */
  async function authorizePublish(input: PublishInput, ctx: RequestContext): Promise<PublishAnswer> {
    requireGateway(ctx);
    const configuration = await prisma.configuration.findFirst({
      where: { streamKey: input.stream_key },
      select: { id: true, clubId: true, cameraType: true, saCameraId: true, passthrough: true, livestream: true },
    });
    const refuse = async (code: PublishRefusalCode, reason: string): Promise<PublishAnswer> => {
      await logRefusal({ ...input, reason }, code);
      return { data: { allowed: false, reason, code } };
    };
    if (!configuration) return refuse("unknown_key", "unknown stream key");
    if (configuration.cameraType !== GATEWAY_CAMERA_TYPE || !configuration.saCameraId) {
      return refuse("not_gateway_camera", `configuration ${configuration.id} is not served by the media gateway`);
    }
    const mode = configuration.livestream;
    if (mode === "disabled") {
      return refuse("disabled", `livestream is disabled for configuration ${configuration.id}`);
    }
    if (mode !== input.protocol) {
      return refuse("wrong_protocol", `configuration ${configuration.id} takes ${mode}, not ${input.protocol}`);
    }
    return {
      data: {
        allowed: true,
        configuration_id: configuration.id,
        club_id: configuration.clubId,
        camera_id: configuration.saCameraId,
        passthrough: configuration.passthrough,
      },
    };
  }

  async function reportRefusal(input: RefusalInput, ctx: RequestContext) {
    requireGateway(ctx);
    await logRefusal(input, input.code ?? refusalCodeOf(input.reason));
    return { data: { ok: true as const } };
  }

  /** A camera connected or left: its configuration goes online or offline, and the previews change. */
  async function reportPublisher(input: PublisherInput, ctx: RequestContext) {
    requireGateway(ctx);
    const configuration = await prisma.configuration.findFirst({
      where: { id: input.configuration_id, cameraType: GATEWAY_CAMERA_TYPE },
      select: { id: true, clubId: true },
    });
    if (!configuration) throw new NotFoundError("configuration.not_found");
    const now = new Date();
    const field = String(configuration.id);
    if (input.connected) {
      const stored = await withRedis(redis, () => redis.hget(PUBLISHERS_KEY, field));
      const earlier = stored ? (JSON.parse(stored) as ConnectedPublisher) : null;
      // A report without figures (an older gateway, or none measured yet) keeps the last ones.
      const statsReported = input.stats !== undefined;
      const publisher: ConnectedPublisher = {
        configuration_id: configuration.id,
        club_id: configuration.clubId,
        protocol: input.protocol,
        since: earlier?.since ?? now.toISOString(),
        reported_at: now.toISOString(),
        hls_path: input.hls_path,
        stats: statsReported ? input.stats : (earlier?.stats ?? null),
        stats_at: statsReported ? (input.stats ? now.toISOString() : null) : (earlier?.stats_at ?? null),
      };
      await withRedis(redis, () => redis.hset(PUBLISHERS_KEY, field, JSON.stringify(publisher)));
    } else {
      await withRedis(redis, () => redis.hdel(PUBLISHERS_KEY, field));
    }
    await prisma.configuration.update({
      where: { id: configuration.id },
      data: { status: input.connected ? "online" : "offline", lastHeartbeatAt: now },
    });
    return { data: { ok: true as const } };
  }

  /**
   * The publishers connected now (of one club, or all), with their link's latest figures. A camera the gateway
   * stopped reporting is gone by the one online rule: a gateway killed outright never says its cameras left.
   */
  async function connectedPublishers(clubId?: number): Promise<PublisherState[]> {
    const now = new Date();
    return Object.values(await withRedis(redis, () => redis.hgetall(PUBLISHERS_KEY)))
      .map((value) => JSON.parse(value) as ConnectedPublisher)
      .filter(
        (publisher) =>
          (clubId === undefined || publisher.club_id === clubId) && heardRecently(new Date(publisher.reported_at), now),
      )
      .map((publisher) => ({
        configuration_id: publisher.configuration_id,
        club_id: publisher.club_id,
        protocol: publisher.protocol,
        since: publisher.since,
        hls_path: publisher.hls_path,
        stats: publisher.stats ?? null,
        stats_at: publisher.stats_at ?? null,
      }));
  }

  /** The club's cameras publishing now, each with a signed live URL (club staff who manage streams). */
  async function previews(input: { club: number }, ctx: RequestContext): Promise<PreviewsAnswer> {
    authorize(ctx, "streams", input.club, "not_found.club");
    const connected = await connectedPublishers(input.club);
    const configurations = await prisma.configuration.findMany({
      where: { id: { in: connected.map((publisher) => publisher.configuration_id) }, clubId: input.club },
      select: { id: true, barcode: true, field: idAndName },
    });
    const byId = new Map(configurations.map((configuration) => [configuration.id, configuration]));
    const hlsUrls = await Promise.all(
      connected.map((publisher) => (publisher.hls_path === null ? null : signedPath(publisher.hls_path))),
    );
    const data = connected.flatMap((publisher, i) => {
      const configuration = byId.get(publisher.configuration_id);
      if (!configuration) return [];
      return [
        {
          configuration: { id: configuration.id, barcode: configuration.barcode },
          field: configuration.field,
          protocol: publisher.protocol,
          since: publisher.since,
          hls_url: hlsUrls[i]!,
          stats: publisher.stats,
          stats_at: publisher.stats_at,
        },
      ];
    });
    if (!data.length) await requireClub(prisma, input.club);
    const byConfiguration = data.sort((a, b) => a.configuration.id - b.configuration.id);
    return listOf(byConfiguration, translate(ctx.locale, "not_found.previews"));
  }

  function signedPath(hlsPath: string): Promise<string> {
    const [kind, id, ...rest] = hlsPath.split("/");
    const scope = { kind, id: Number(id) } as MediaScope;
    return media.scopeFileUrl(scope, rest.join("/"));
  }

  function requireSystem(ctx: RequestContext) {
    const user = requireUser(ctx);
    authorize(ctx, "monitoring");
    if (!isSystem(user)) throw new ForbiddenError();
  }

  async function refusals(ctx: RequestContext): Promise<RefusalsAnswer> {
    requireSystem(ctx);
    const entries = await withRedis(redis, () => redis.lrange(REFUSALS_KEY, 0, REFUSALS_KEPT - 1));
    return listOf(entries.map(storedRefusal), translate(ctx.locale, "not_found.publish_refusals"));
  }

  /**
   * A club's refusals, latest first, of configurations that are still its own (one moved to another club
   * takes none along). `keep` narrows them (a match's field, a time window).
   */
  async function refusalsOfClub(
    clubId: number,
    keep: (refusal: Refusal, configuration: { id: number; fieldId: number | null }) => boolean = () => true,
  ): Promise<ClubRefusal[]> {
    const key = clubRefusalsKey(clubId);
    const stored = (await withRedis(redis, () => redis.lrange(key, 0, CLUB_REFUSALS_KEPT - 1))).map(storedRefusal);
    const ids = [...new Set(stored.flatMap((refusal) => refusal.configuration_id ?? []))];
    const configurations = ids.length
      ? await prisma.configuration.findMany({ where: { id: { in: ids }, clubId }, select: refusedConfigurationSelect })
      : [];
    const byId = new Map(configurations.map((configuration) => [configuration.id, configuration]));
    return stored.flatMap((refusal) => {
      const configuration = refusal.configuration_id === null ? undefined : byId.get(refusal.configuration_id);
      return configuration && keep(refusal, configuration) ? [presentClubRefusal(refusal, configuration)] : [];
    });
  }

  /** GET /v1/media-gateway/refusals?club=: the club's refused publishers (its streams staff, system admins). */
  async function clubRefusals(input: { club: number }, ctx: RequestContext): Promise<ClubRefusalsAnswer> {
    authorize(ctx, "streams", input.club, "not_found.club");
    const data = await refusalsOfClub(input.club);
    if (!data.length) await requireClub(prisma, input.club);
    return listOf(data, translate(ctx.locale, "not_found.publish_refusals"));
  }

  /**
   * A match's page: while it is scheduled, awaits its video or is live, the last hour's refusals of its club's cameras on its
   * field (or its own camera), so staff see why it shows no video; none before or after.
   */
  async function matchRefusals(input: { id: number }, ctx: RequestContext): Promise<ClubRefusalsAnswer> {
    const match = await authorizedRecord(
      ctx,
      "streams",
      "not_found.match",
      () =>
        prisma.match.findUnique({
          where: { id: input.id },
          select: { clubId: true, fieldId: true, configurationId: true, status: true, startConfirmed: true },
        }),
      (found) => found.clubId,
    );
    const empty = translate(ctx.locale, "not_found.publish_refusals");
    if (match.status !== "scheduled" && !isRecording(match)) return listOf([], empty);
    const since = Date.now() - MATCH_REFUSALS_WITHIN_MS;
    const data = await refusalsOfClub(
      match.clubId,
      (refusal, configuration) =>
        Date.parse(refusal.at) >= since &&
        (configuration.id === match.configurationId ||
          (match.fieldId !== null && configuration.fieldId === match.fieldId)),
    );
    return listOf(data, empty);
  }

  async function storage(ctx: RequestContext): Promise<StorageAnswer> {
    requireSystem(ctx);
    const use = await store.diskUse();
    const margin = config.mediaMinFreeBytes;
    return { data: { ...use, margin_bytes: margin, recording_allowed: use.free_bytes >= margin } };
  }

  return {
    authorizePublish,
    reportRefusal,
    reportPublisher,
    connectedPublishers,
    previews,
    refusals,
    clubRefusals,
    matchRefusals,
    storage,
  };
}

export type MediaGatewayService = ReturnType<typeof createMediaGatewayService>;
