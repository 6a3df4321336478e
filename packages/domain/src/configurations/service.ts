// Camera configurations and their cameras (spec sections 3 and 7). Managing
// them is the system admins' 'configuration' section; a club's staff may read
// their own club's configurations.
import { randomBytes } from "node:crypto";
import {
  CONFIGURATION_DEFAULTS,
  deriveLivestream,
  GATEWAY_CAMERA_TYPE,
  loadsClubConfigurations,
  outboundUrlProblem,
} from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { listOf, written, type Written } from "../core/answers.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, authorizedRecord } from "../core/policy.ts";
import { uniqueField } from "../core/prisma-errors.ts";
import {
  cameraWithController,
  configurationWithNames,
  presentCamera,
  presentConfiguration,
  type ConfigurationWithNames,
} from "./presenter.ts";
import type {
  CameraInput,
  CameraOutput,
  CameraUpdateInput,
  ConfigurationData,
  ConfigurationOutput,
  SaveConfigurationInput,
} from "./schemas.ts";

type Tx = Prisma.TransactionClient;

/** A new stream key: 24 URL-safe characters (18 random bytes), fit for RTMP paths and SRT stream ids. */
export const newStreamKey = () => randomBytes(18).toString("base64url");

/** The stored columns the input names; undefined leaves a column as it is. */
function columnsOf(data: ConfigurationData) {
  return {
    barcode: data.barcode,
    streamKey: data.stream_key,
    antStreamId: data.ant_stream_id,
    qrCode: data.qr_code,
    latitude: data.latitude,
    longitude: data.longitude,
    isMain: data.is_main,
    passthrough: data.passthrough,
    overlays: data.overlays,
    localIp: data.local_ip,
    resolution: data.resolution,
    saServerId: data.sa_server_id,
    saCameraId: data.sa_camera_id,
    saCameraName: data.sa_camera_name,
    saStreamUrl: data.sa_stream_url,
    saStreamUrlLocal: data.sa_stream_url_local,
    saSport: data.sa_sport,
    cameraType: data.camera_type,
    serverUrl: data.server_url,
  };
}

export function createConfigurationsService(deps: Deps) {
  const { prisma, config, outbox } = deps;
  const present = (configuration: ConfigurationWithNames) => presentConfiguration(configuration, config);

  /** A configuration the caller may manage: 401, 404 (missing or another club's), 403. */
  function manageableConfiguration(id: number, ctx: RequestContext): Promise<ConfigurationWithNames> {
    return authorizedRecord(
      ctx,
      "configuration",
      "configuration.not_found",
      () => prisma.configuration.findUnique({ where: { id }, include: configurationWithNames }),
      (configuration) => configuration.clubId,
    );
  }

  /**
   * A configuration whose camera the caller may point at the media gateway (the Streams section: a
   * club's streams staff, their own club's; system admins any): 401, 404 (missing or another club's), 403.
   */
  function streamableConfiguration(id: number, ctx: RequestContext): Promise<ConfigurationWithNames> {
    return authorizedRecord(
      ctx,
      "streams",
      "configuration.not_found",
      () => prisma.configuration.findUnique({ where: { id }, include: configurationWithNames }),
      (configuration) => configuration.clubId,
    );
  }

  function manageableCamera(id: number, ctx: RequestContext) {
    return authorizedRecord(
      ctx,
      "configuration",
      "camera.not_found",
      () => prisma.camera.findUnique({ where: { id }, include: cameraWithController }),
      (camera) => camera.configuration.clubId,
    );
  }

  async function list(query: PageQuery, ctx: RequestContext): Promise<Paged<ConfigurationOutput>> {
    authorize(ctx, "configuration");
    const [rows, total] = await prisma.$transaction([
      prisma.configuration.findMany({ include: configurationWithNames, orderBy: { id: "asc" }, ...pageWindow(query) }),
      prisma.configuration.count(),
    ]);
    return paged(rows.map(present), total, query, translate(ctx.locale, "not_found.configurations"));
  }

  /** The club and field a saved configuration ends up with, checked: the field must be the club's. */
  async function placementOf(data: ConfigurationData, existing: ConfigurationWithNames | null) {
    const clubId = data.club ?? existing?.clubId;
    // The schema requires a club when creating; this keeps the types honest.
    if (clubId === undefined) throw ValidationError.field("data.club", "validation.required");
    const fieldId = data.field !== undefined ? data.field : (existing?.fieldId ?? null);
    if (data.club !== undefined && !(await prisma.club.findUnique({ where: { id: clubId }, select: { id: true } }))) {
      throw ValidationError.field("data.club", "validation.invalid_value");
    }
    if (fieldId !== null) {
      const field = await prisma.field.findUnique({ where: { id: fieldId }, select: { clubId: true } });
      if (!field) throw ValidationError.field("data.field", "validation.invalid_value");
      if (field.clubId !== clubId) throw ValidationError.field("data.field", "configuration.field_not_in_club");
    }
    return { clubId, fieldId };
  }

  /** Makes `configurationId` the only main configuration of its field. */
  async function demoteOtherMains(tx: Tx, fieldId: number, configurationId: number | null): Promise<void> {
    // Locking the field serialises concurrent saves of its configurations, so two can't both end up main.
    await tx.$executeRaw`SELECT id FROM fields WHERE id = ${fieldId} FOR UPDATE`;
    await tx.configuration.updateMany({
      where: { fieldId, isMain: true, ...(configurationId === null ? {} : { id: { not: configurationId } }) },
      data: { isMain: false },
    });
  }

  /**
   * Spec: "POST /v1/configurations, body data" creates a configuration, or
   * updates the one `data.id` names. livestream is always derived from the
   * resulting sa_stream_url, whatever the input said.
   */
  async function save({ data }: SaveConfigurationInput, ctx: RequestContext): Promise<Written<ConfigurationOutput>> {
    const existing = data.id === undefined ? null : await manageableConfiguration(data.id, ctx);
    if (!existing) authorize(ctx, "configuration");
    const { clubId, fieldId } = await placementOf(data, existing);
    // The worker calls this URL: it may not point into this machine or the network behind it.
    if (data.server_url && outboundUrlProblem(data.server_url, config.outboundAllowedHosts)) {
      throw ValidationError.field("data.server_url", "validation.outbound_url");
    }
    const columns = columnsOf(data);
    const saStreamUrl = data.sa_stream_url !== undefined ? data.sa_stream_url : (existing?.saStreamUrl ?? null);
    const livestream = deriveLivestream(saStreamUrl);
    const isMain = columns.isMain ?? existing?.isMain ?? CONFIGURATION_DEFAULTS.isMain;

    const saved = await uniqueField("data.barcode", "validation.taken", () =>
      prisma.$transaction(async (tx) => {
        if (isMain && fieldId !== null) await demoteOtherMains(tx, fieldId, existing?.id ?? null);
        if (existing) {
          return tx.configuration.update({
            where: { id: existing.id },
            data: { ...columns, clubId, fieldId, livestream },
            include: configurationWithNames,
          });
        }
        return tx.configuration.create({
          data: {
            ...columns,
            clubId,
            fieldId,
            livestream,
            isMain,
            passthrough: columns.passthrough ?? CONFIGURATION_DEFAULTS.passthrough,
            overlays: columns.overlays ?? CONFIGURATION_DEFAULTS.overlays,
            cameraType: columns.cameraType ?? CONFIGURATION_DEFAULTS.cameraType,
          },
          include: configurationWithNames,
        });
      }),
    );
    return written(present(saved), translate(ctx.locale, existing ? "configuration.updated" : "configuration.created"));
  }

  async function remove(id: number, ctx: RequestContext): Promise<void> {
    await manageableConfiguration(id, ctx);
    await outbox.transaction(async (tx, post) => {
      const clients = await tx.apiClient.findMany({ where: { configurationId: id }, select: { id: true } });
      // Its cameras and API clients go with it; matches and offline recordings keep their rows.
      await tx.configuration.deleteMany({ where: { id } });
      // So do the clients' tokens: their sockets no longer see the club's private matches.
      post.events.accessChanged({ clients: clients.map((client) => client.id) });
    });
  }

  /**
   * POST /v1/configurations/{id}/stream-key: replaces the stream key with a new
   * random one (who may read the key may: the club's streams staff, on the
   * go-live page, and system admins), and tells the media gateways, once that has
   * committed (the outbox: even if Redis was away at the time), to drop any
   * publisher still using the old key.
   */
  async function rotateStreamKey(id: number, ctx: RequestContext): Promise<Written<ConfigurationOutput>> {
    await streamableConfiguration(id, ctx);
    const streamKey = newStreamKey();
    const rotated = await outbox.transaction(async (tx, post) => {
      // Locked, so of two rotations at once each names the key it really replaced.
      const [row] = await tx.$queryRaw<{ stream_key: string | null }[]>`
        SELECT stream_key FROM configurations WHERE id = ${id} FOR UPDATE`;
      if (!row) throw new NotFoundError("configuration.not_found");
      const updated = await tx.configuration.update({
        where: { id },
        data: { streamKey },
        include: configurationWithNames,
      });
      if (row.stream_key) {
        post.gatewayMessage({ type: "stream_key_rotated", configuration_id: id, old_stream_key: row.stream_key });
      }
      return updated;
    });
    return written(present(rotated), translate(ctx.locale, "configuration.stream_key_rotated"));
  }

  /**
   * A club's configurations, for its staff and system admins. Spec section 6:
   * they are not loaded for club members and players.
   */
  async function listOfClub(
    clubId: number,
    ctx: RequestContext,
  ): Promise<{ data: ConfigurationOutput[]; message?: string }> {
    // Not a dashboard page of its own: any signed-in member of the club passes here (another club: 404),
    // then the spec's own rule for club configurations decides.
    const user = authorize(ctx, "dashboard", clubId, "not_found.club");
    if (!loadsClubConfigurations(user.scope)) throw new ForbiddenError();
    const club = await prisma.club.findUnique({
      where: { id: clubId },
      select: {
        configurations: {
          include: configurationWithNames,
          orderBy: [{ field: { name: "asc" } }, { isMain: "desc" }, { id: "asc" }],
        },
      },
    });
    if (!club) throw new NotFoundError("not_found.club");
    return listOf(club.configurations.map(present), translate(ctx.locale, "not_found.configurations"));
  }

  /**
   * The club's configurations whose cameras publish to the media gateway, with their stream keys and
   * where to publish: the go-live page of the club's streams staff (and system admins).
   */
  async function gatewayOfClub(
    clubId: number,
    ctx: RequestContext,
  ): Promise<{ data: ConfigurationOutput[]; message?: string }> {
    authorize(ctx, "streams", clubId, "not_found.club");
    const club = await prisma.club.findUnique({
      where: { id: clubId },
      select: {
        configurations: {
          where: { cameraType: GATEWAY_CAMERA_TYPE },
          include: configurationWithNames,
          orderBy: [{ field: { name: "asc" } }, { isMain: "desc" }, { id: "asc" }],
        },
      },
    });
    if (!club) throw new NotFoundError("not_found.club");
    return listOf(club.configurations.map(present), translate(ctx.locale, "not_found.configurations"));
  }

  async function listCameras(
    configurationId: number,
    query: PageQuery,
    ctx: RequestContext,
  ): Promise<Paged<CameraOutput>> {
    await manageableConfiguration(configurationId, ctx);
    const where = { configurationId };
    const [rows, total] = await prisma.$transaction([
      prisma.camera.findMany({ where, orderBy: { id: "asc" }, include: cameraWithController, ...pageWindow(query) }),
      prisma.camera.count({ where }),
    ]);
    return paged(rows.map(presentCamera), total, query, translate(ctx.locale, "not_found.cameras"));
  }

  const technicalNameTaken = <T>(write: () => Promise<T>) => uniqueField("technical_name", "validation.taken", write);

  async function createCamera(
    configurationId: number,
    input: CameraInput,
    ctx: RequestContext,
  ): Promise<Written<CameraOutput>> {
    await manageableConfiguration(configurationId, ctx);
    const camera = await technicalNameTaken(() =>
      prisma.camera.create({
        data: {
          configurationId,
          displayName: input.display_name,
          technicalName: input.technical_name,
          pan: input.pan,
          tilt: input.tilt,
          focal: input.focal,
        },
        include: cameraWithController,
      }),
    );
    return written(presentCamera(camera), translate(ctx.locale, "camera.created"));
  }

  async function getCamera(id: number, ctx: RequestContext): Promise<{ data: CameraOutput }> {
    return { data: presentCamera(await manageableCamera(id, ctx)) };
  }

  async function updateCamera(
    id: number,
    input: CameraUpdateInput,
    ctx: RequestContext,
  ): Promise<Written<CameraOutput>> {
    await manageableCamera(id, ctx);
    const camera = await technicalNameTaken(() =>
      prisma.camera.update({
        where: { id },
        data: {
          displayName: input.display_name,
          technicalName: input.technical_name,
          pan: input.pan,
          tilt: input.tilt,
          focal: input.focal,
        },
        include: cameraWithController,
      }),
    );
    return written(presentCamera(camera), translate(ctx.locale, "camera.updated"));
  }

  async function removeCamera(id: number, ctx: RequestContext): Promise<void> {
    await manageableCamera(id, ctx);
    await prisma.camera.deleteMany({ where: { id } });
  }

  return {
    list,
    save,
    remove,
    rotateStreamKey,
    listOfClub,
    gatewayOfClub,
    listCameras,
    createCamera,
    getCamera,
    updateCamera,
    removeCamera,
  };
}

export type ConfigurationsService = ReturnType<typeof createConfigurationsService>;
