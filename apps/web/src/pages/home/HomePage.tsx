// The public home page: the slider of the first 5 matches, then 7 live,
// 8 upcoming and 7 on-demand matches (spec section 9), which follow the
// matches' news: a match that turns live, scores, goes on demand or is made
// private moves without a reload (issue 27).
import { useTranslation } from "react-i18next";
import { HOME_LISTS, type ListStatus } from "@clubcast/shared";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useMatchListNews } from "../../lib/match-news.ts";
import { matchListPath } from "../../lib/matches.ts";
import { trpc } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { MatchGrid, MatchSection } from "../../ui/MatchSection.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { HeroIntro, HeroSlider } from "./HeroSlider.tsx";
import "../../styles/home.css";

const SECTIONS = [
  { status: "live", limit: HOME_LISTS.live, title: "home.live" },
  { status: "upcoming", limit: HOME_LISTS.upcoming, title: "home.upcoming" },
  { status: "vod", limit: HOME_LISTS.vod, title: "home.vod" },
] as const satisfies readonly { status: ListStatus; limit: number; title: string }[];

export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("home.title"));
  const utils = trpc.useUtils();
  const queries = [
    trpc.matches.list.useQuery({ status: "live", page: 1, limit: HOME_LISTS.live }),
    trpc.matches.list.useQuery({ status: "upcoming", page: 1, limit: HOME_LISTS.upcoming }),
    trpc.matches.list.useQuery({ status: "vod", page: 1, limit: HOME_LISTS.vod }),
  ];
  const loading = queries.some((query) => query.isPending);
  const shown = queries.flatMap((query) => query.data?.data ?? []);
  const featured = shown.slice(0, HOME_LISTS.slider);
  useMatchListNews(() => void utils.matches.list.invalidate(), shown);

  return (
    <div className="home">
      <h1 className="visually-hidden">{t("home.title")}</h1>
      {loading ? (
        <div className="hero hero--loading" aria-hidden="true">
          <Skeleton width="40%" height={28} />
          <Skeleton width="60%" height={48} />
          <Skeleton width="30%" height={20} />
        </div>
      ) : featured.length > 0 ? (
        <HeroSlider matches={featured} />
      ) : (
        <HeroIntro />
      )}
      {SECTIONS.map((section, index) => (
        <MatchSection
          key={section.status}
          id={`home-${section.status}`}
          title={t(section.title)}
          action={
            <LocalLink to={matchListPath(section.status)} className="section__link">
              {t("home.see_all")}
              <span className="visually-hidden">: {t(section.title)}</span>
              <Icon name="chevronRight" size={16} />
            </LocalLink>
          }
        >
          <MatchGrid
            query={queries[index]!}
            skeletons={4}
            emptyTitle={t(`matches.empty.${section.status}`)}
            emptyText={t("matches.empty_hint")}
          />
        </MatchSection>
      ))}
    </div>
  );
}
