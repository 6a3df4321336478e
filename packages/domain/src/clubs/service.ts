// Clubs: the dashboard and public lists, detail, and creating (system) or
// editing (system, or the club's own administrators) a club.
import { CLUB_LOGO_MAX_BYTES } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { written } from "../core/answers.ts";
import { ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { authorize, isInClub, isSystem, requireUser } from "../core/policy.ts";
import { clubLogoUrl, logoExtensionOf } from "./logo.ts";
import { authorizeClubAdmin } from "./policy.ts";
import { clubWithSport, presentClub, presentPublicClub } from "./presenter.ts";
import type { CreateClubInput, SetClubLogoInput, UpdateClubInput } from "./schemas.ts";

const byName = [{ name: "asc" }, { id: "asc" }] satisfies Prisma.ClubOrderByWithRelationInput[];

function clubData(input: UpdateClubInput) {
  return {
    name: input.name,
    sportId: input.sport_id,
    timezone: input.timezone,
    country: input.country,
    countryShort: input.country_short,
    activated: input.activated,
    logo: input.logo,
    notificationEmail: input.notification_email,
    suggestMoments: input.suggest_moments,
  } satisfies Prisma.ClubUncheckedUpdateInput;
}

export function createClubsService({ prisma, config, mediaStore: store }: Deps) {
  async function pageOf(where: Prisma.ClubWhereInput, query: PageQuery) {
    const [clubs, total] = await Promise.all([
      prisma.club.findMany({ where, include: clubWithSport, orderBy: byName, ...pageWindow(query) }),
      prisma.club.count({ where }),
    ]);
    return { clubs, total };
  }

  async function assertSportExists(sportId: number | undefined) {
    if (sportId === undefined) return;
    const sport = await prisma.sport.findUnique({ where: { id: sportId }, select: { id: true } });
    if (!sport) throw ValidationError.field("sport_id", "validation.invalid_value");
  }

  /** System administrators see every club; everyone else only their own. */
  async function list(query: PageQuery, ctx: RequestContext) {
    const user = requireUser(ctx);
    const where: Prisma.ClubWhereInput = isSystem(user) ? {} : { id: user.clubId ?? -1 };
    const { clubs, total } = await pageOf(where, query);
    return paged(clubs.map(presentClub), total, query, translate(ctx.locale, "not_found.clubs"));
  }

  /** Activated clubs, for the public site and the share-with-club picker. */
  async function listActive(query: PageQuery, ctx: RequestContext) {
    const { clubs, total } = await pageOf({ activated: true }, query);
    return paged(clubs.map(presentPublicClub), total, query, translate(ctx.locale, "not_found.clubs"));
  }

  async function get(id: number, ctx: RequestContext) {
    const club = await prisma.club.findUnique({ where: { id }, include: clubWithSport });
    if (club && isInClub(ctx.user, club.id)) return { data: presentClub(club) };
    // Outsiders see an activated club's public face; a deactivated one doesn't exist for them.
    if (club?.activated) return { data: presentPublicClub(club) };
    throw new NotFoundError("not_found.club");
  }

  async function create(input: CreateClubInput, ctx: RequestContext) {
    authorize(ctx, "clubs/all");
    await assertSportExists(input.sport_id);
    const club = await prisma.club.create({
      data: { ...clubData(input), name: input.name, sportId: input.sport_id },
      include: clubWithSport,
    });
    return written(presentClub(club), translate(ctx.locale, "clubs.created"));
  }

  async function update(id: number, input: UpdateClubInput, ctx: RequestContext) {
    const user = authorizeClubAdmin(ctx, id);
    if (input.activated !== undefined && !isSystem(user)) throw new ForbiddenError("clubs.activation_system_only");
    await assertClubExists(id);
    await assertSportExists(input.sport_id);
    const club = await prisma.club.update({ where: { id }, data: clubData(input), include: clubWithSport });
    return written(presentClub(club), translate(ctx.locale, "clubs.updated"));
  }

  async function assertClubExists(id: number) {
    const exists = await prisma.club.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw new NotFoundError("not_found.club");
  }

  /** Keeps an uploaded image as the club's logo, in the media store, served under /media/clubs. */
  async function setLogo({ id, image }: SetClubLogoInput, ctx: RequestContext) {
    authorizeClubAdmin(ctx, id);
    await assertClubExists(id);
    const bytes = Buffer.from(image, "base64");
    if (bytes.length > CLUB_LOGO_MAX_BYTES) {
      throw new PayloadTooLargeError("clubs.logo_too_large", { limit: CLUB_LOGO_MAX_BYTES / 1024 });
    }
    const extension = logoExtensionOf(bytes);
    if (!extension) throw ValidationError.field("image", "clubs.logo_type");
    const fileName = await store.saveClubLogo(id, bytes, extension);
    const club = await prisma.club.update({
      where: { id },
      data: { logo: clubLogoUrl(config.publicUrl, id, fileName) },
      include: clubWithSport,
    });
    return written(presentClub(club), translate(ctx.locale, "clubs.logo_saved"));
  }

  /** Back to the generated crest. */
  async function removeLogo(id: number, ctx: RequestContext) {
    authorizeClubAdmin(ctx, id);
    await assertClubExists(id);
    await store.removeClubLogos(id);
    const club = await prisma.club.update({ where: { id }, data: { logo: null }, include: clubWithSport });
    return written(presentClub(club), translate(ctx.locale, "clubs.logo_removed"));
  }

  return { list, listActive, get, create, update, setLogo, removeLogo };
}

export type ClubsService = ReturnType<typeof createClubsService>;
