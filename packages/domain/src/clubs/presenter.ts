// How a club looks in API answers (spec section 3, "Club"). Anyone may see an
// activated club's public fields; members and system administrators see all.
import type { Prisma } from "@clubcast/db";
import { flagOf } from "../core/presenters.ts";
import { presentSport, sportSelect } from "../sports/presenter.ts";

export const clubWithSport = { sport: { select: sportSelect } } satisfies Prisma.ClubInclude;
export type ClubWithSport = Prisma.ClubGetPayload<{ include: typeof clubWithSport }>;

export function presentPublicClub(club: ClubWithSport) {
  return {
    id: club.id,
    name: club.name,
    logo: club.logo,
    timezone: club.timezone,
    country: club.country,
    country_short: club.countryShort,
    activated: flagOf(club.activated),
    sport_id: club.sportId,
    sport: presentSport(club.sport),
  };
}

export function presentClub(club: ClubWithSport) {
  return {
    ...presentPublicClub(club),
    notification_email: club.notificationEmail,
    suggest_moments: flagOf(club.suggestMoments),
    created_at: club.createdAt.toISOString(),
    updated_at: club.updatedAt.toISOString(),
  };
}

export type PublicClub = ReturnType<typeof presentPublicClub>;
export type PresentedClub = ReturnType<typeof presentClub>;
