// The club view's frame: the club's header and its navigation bar (overview,
// recorded, offline, teams, users: the ones the user may open), around the
// page. Showing a club makes it the current club until the user leaves the
// dashboard/clubs routes.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { canOpenSection, type DashboardSection } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useSelectClub } from "../../lib/current-club.tsx";
import { usePageTitle } from "../../lib/page-title.tsx";
import { httpStatusOf } from "../../lib/trpc.ts";
import { useClubDetails, type ClubDetails } from "../../lib/working-club.tsx";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { LocalNavLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { useClubParam } from "./route-params.ts";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import "../../styles/clubs.css";

interface ClubNavItem {
  key: "overview" | "recorded" | "offline" | "teams" | "users";
  section: DashboardSection;
  icon: IconName;
  to: (club: number) => string;
  end?: boolean;
}

const NAV_ITEMS: ClubNavItem[] = [
  { key: "overview", section: "clubs", icon: "grid", to: (club) => `/dashboard/clubs/${club}`, end: true },
  { key: "recorded", section: "recorded", icon: "video", to: (club) => `/dashboard/recorded?club=${club}` },
  { key: "offline", section: "offline", icon: "layers", to: (club) => `/dashboard/clubs/${club}/offline` },
  { key: "teams", section: "teams", icon: "users", to: () => "/dashboard/teams" },
  { key: "users", section: "users", icon: "user", to: () => "/dashboard/users" },
];

function ClubNav({ club }: { club: number }) {
  const { t } = useTranslation("clubs");
  const auth = useAuth();
  const actor = { scope: auth.scope, permissions: auth.user?.permissions ?? [] };
  // Teams and users are the user's own club's pages: offered for that club only.
  const ownClub = auth.scope === "system" || auth.user?.club?.id === club;
  const items = NAV_ITEMS.filter(
    (item) => canOpenSection(actor, item.section) && (ownClub || (item.key !== "teams" && item.key !== "users")),
  );
  return (
    <nav className="club-nav" aria-label={t("nav.label")}>
      <ul className="club-nav__list">
        {items.map((item) => (
          <li key={item.key}>
            <LocalNavLink to={item.to(club)} end={item.end} className="club-nav__link">
              <Icon name={item.icon} size={18} />
              {t(`nav.${item.key}`)}
            </LocalNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ClubHeader({ club }: { club: ClubDetails }) {
  const { t } = useTranslation("clubs");
  return (
    <header className="club-header pitch pitch--dark">
      <ClubBadge name={club.name} logo={club.logo} size={72} />
      <div className="club-header__text">
        <h1 className="club-header__name display">{club.name}</h1>
        <p className="club-header__meta">
          <span>{club.sport.name}</span>
          <span>{club.country}</span>
          <span>{club.timezone}</span>
          {club.activated === 0 && <span className="club-header__inactive">{t("inactive")}</span>}
        </p>
      </div>
    </header>
  );
}

/** The club of the route, its header and navigation, and the page given the club. */
export function ClubFrame({ children, title }: { children: (club: ClubDetails) => ReactNode; title?: string }) {
  const { t } = useTranslation("clubs");
  const clubId = useClubParam();
  const query = useClubDetails(clubId);
  const club = query.data?.data;
  useSelectClub(club);
  usePageTitle(title ?? club?.name);

  if (clubId === null || httpStatusOf(query.error) === 404) {
    return <EmptyState icon="trophy" title={t("not_found")} />;
  }
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <div className="club-view">
      {club ? (
        <ClubHeader club={club} />
      ) : (
        <div className="club-header club-header--loading" aria-busy="true">
          <Skeleton width={72} height={72} round />
          <Skeleton width="40%" height={32} />
        </div>
      )}
      <ClubNav club={clubId} />
      {club && children(club)}
    </div>
  );
}
