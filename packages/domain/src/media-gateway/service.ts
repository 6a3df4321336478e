// What the media gateway asks and reports, and what staff see of it: who may
// publish (decided here, from the stream key and the configuration's livestream
// mode), the cameras connected now (the Streams page's previews), the refused
// publishers and the media disk (monitoring).
import { withRedis } from "@clubcast/db/redis";
import { GATEWAY_CAMERA_TYPE, heardRecently, streamKeyHint } from "@clubcast/shared";
import { createMediaStore, type MediaScope } from "@clubcast/media-store";
import type { Deps } from "../deps.ts";
import type { CameraClient, RequestContext } from "../core/context.ts";
import { listOf } from "../core/answers.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorize, requireClub, requireUser, isSystem } from "../core/policy.ts";
import { idAndName } from "../core/presenters.ts";
import type { MediaService } from "../media/service.ts";
import type {
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
/** Refusals kept for monitoring. */
const REFUSALS_KEPT = 200;

interface ConnectedPublisher {
  configuration_id: number;
  club_id: number;
  protocol: "rtmp" | "srt";
  since: string;
  /** When the gateway last said so (it repeats it every 30 s while the camera publishes). */
  reported_at: string;
  hls_path: string | null;
}

/** Only the media gateway's own machine client (no configuration) may ask or report. */
function requireGateway(ctx: RequestContext): CameraClient {
  if (!ctx.client) throw new UnauthorizedError();
  if (ctx.client.configurationId !== null) throw new ForbiddenError();
  return ctx.client;
}

export function createMediaGatewayService(deps: Deps, { media }: { media: Pick<MediaService, "signedUrl"> }) {
  const { prisma, redis, config } = deps;
  const store = createMediaStore(config.mediaDir);

  async function logRefusal(refusal: RefusalInput): Promise<void> {
    const entry = {
      at: new Date().toISOString(),
      protocol: refusal.protocol,
      reason: refusal.reason,
      stream_key_hint: streamKeyHint(refusal.stream_key),
      address: refusal.address,
    };
    await withRedis(redis, () =>
      redis
        .multi()
        .lpush(REFUSALS_KEY, JSON.stringify(entry))
        .ltrim(REFUSALS_KEY, 0, REFUSALS_KEPT - 1)
        .exec(),
    );
  }

  /** Whether the key may publish over the protocol; every refusal is logged for monitoring. */
  async function authorizePublish(input: PublishInput, ctx: RequestContext): Promise<PublishAnswer> {
    requireGateway(ctx);
    const configuration = await prisma.configuration.findFirst({
      where: { streamKey: input.stream_key },
      select: { id: true, clubId: true, cameraType: true, saCameraId: true, passthrough: true, livestream: true },
    });
    const refuse = async (reason: string): Promise<PublishAnswer> => {
      await logRefusal({ ...input, reason });
      return { data: { allowed: false, reason } };
    };
    if (!configuration) return refuse("unknown stream key");
    if (configuration.cameraType !== GATEWAY_CAMERA_TYPE || !configuration.saCameraId) {
      return refuse(`configuration ${configuration.id} is not served by the media gateway`);
    }
    const mode = configuration.livestream;
    if (mode === "disabled") return refuse(`livestream is disabled for configuration ${configuration.id}`);
    if (mode !== input.protocol) {
      return refuse(`configuration ${configuration.id} takes ${mode}, not ${input.protocol}`);
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
    await logRefusal(input);
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
      const earlier = await withRedis(redis, () => redis.hget(PUBLISHERS_KEY, field));
      const since = earlier ? (JSON.parse(earlier) as ConnectedPublisher).since : now.toISOString();
      const publisher: ConnectedPublisher = {
        configuration_id: configuration.id,
        club_id: configuration.clubId,
        protocol: input.protocol,
        since,
        reported_at: now.toISOString(),
        hls_path: input.hls_path,
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

  /** The club's cameras publishing now, each with a signed live URL (club staff who manage streams). */
  async function previews(input: { club: number }, ctx: RequestContext): Promise<PreviewsAnswer> {
    authorize(ctx, "streams", input.club, "not_found.club");
    const connected = Object.values(await withRedis(redis, () => redis.hgetall(PUBLISHERS_KEY)))
      .map((value) => JSON.parse(value) as ConnectedPublisher)
      // A camera the gateway stopped reporting is gone by the one online rule: a gateway killed outright never
      // says its cameras left.
      .filter(
        (publisher) => publisher.club_id === input.club && heardRecently(new Date(publisher.reported_at), new Date()),
      );
    const configurations = await prisma.configuration.findMany({
      where: { id: { in: connected.map((publisher) => publisher.configuration_id) }, clubId: input.club },
      select: { id: true, barcode: true, field: idAndName },
    });
    const byId = new Map(configurations.map((configuration) => [configuration.id, configuration]));
    const data = connected.flatMap((publisher) => {
      const configuration = byId.get(publisher.configuration_id);
      if (!configuration) return [];
      return [
        {
          configuration: { id: configuration.id, barcode: configuration.barcode },
          field: configuration.field,
          protocol: publisher.protocol,
          since: publisher.since,
          hls_url: publisher.hls_path === null ? null : signedPath(publisher.hls_path),
        },
      ];
    });
    if (!data.length) await requireClub(prisma, input.club);
    const byConfiguration = data.sort((a, b) => a.configuration.id - b.configuration.id);
    return listOf(byConfiguration, translate(ctx.locale, "not_found.previews"));
  }

  function signedPath(hlsPath: string): string {
    const [kind, id, ...rest] = hlsPath.split("/");
    const scope = { kind, id: Number(id) } as MediaScope;
    return media.signedUrl(scope, rest.join("/"));
  }

  function requireSystem(ctx: RequestContext) {
    const user = requireUser(ctx);
    authorize(ctx, "monitoring");
    if (!isSystem(user)) throw new ForbiddenError();
  }

  async function refusals(ctx: RequestContext): Promise<RefusalsAnswer> {
    requireSystem(ctx);
    const entries = await withRedis(redis, () => redis.lrange(REFUSALS_KEY, 0, REFUSALS_KEPT - 1));
    const refusals = entries.map((entry) => JSON.parse(entry) as Refusal);
    return listOf(refusals, translate(ctx.locale, "not_found.publish_refusals"));
  }

  async function storage(ctx: RequestContext): Promise<StorageAnswer> {
    requireSystem(ctx);
    const use = await store.diskUse();
    const margin = config.mediaMinFreeBytes;
    return { data: { ...use, margin_bytes: margin, recording_allowed: use.free_bytes >= margin } };
  }

  return { authorizePublish, reportRefusal, reportPublisher, previews, refusals, storage };
}

export type MediaGatewayService = ReturnType<typeof createMediaGatewayService>;
