// The dashboard's start page inside the frame: the greeting and the user's club.
// (Part 2 of the web client adds the overview lists.)
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Greeting } from "../../ui/Greeting.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";

export default function DashboardHomePage() {
  const { t } = useTranslation();
  const user = useAuth().user!;
  return (
    <section className="dash-welcome" aria-labelledby="dash-greeting">
      <div className="dash-welcome__card pitch pitch--dark">
        <h2 id="dash-greeting" className="dash-welcome__greeting display">
          <Greeting name={user.first_name} />
        </h2>
        <p className="dash-welcome__intro">{t("dashboard.intro")}</p>
        {user.club ? (
          <p className="dash-welcome__club">
            <ClubBadge name={user.club.name} size={40} />
            {t("dashboard.your_club", { club: user.club.name })}
          </p>
        ) : (
          <p className="dash-welcome__club">{t("dashboard.no_club")}</p>
        )}
      </div>
      <nav className="dash-welcome__links" aria-label={t("dashboard.quick_links")}>
        <LocalLink to="/matches" className="quick-link">
          <Icon name="video" size={22} />
          {t("nav.matches")}
        </LocalLink>
        <LocalLink to="/analyze/download" className="quick-link">
          <Icon name="download" size={22} />
          {t("footer.desktop_app")}
        </LocalLink>
        <LocalLink to="/" className="quick-link">
          <Icon name="broadcast" size={22} />
          {t("dashboard.public_site")}
        </LocalLink>
      </nav>
    </section>
  );
}
