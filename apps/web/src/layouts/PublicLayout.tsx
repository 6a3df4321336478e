// The front-page layout: top bar, content at most 1200 px wide, footer.
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Footer } from "./Footer.tsx";
import { PublicTopBar } from "./PublicTopBar.tsx";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#content">
      {t("app.skip_to_content")}
    </a>
  );
}

export function PublicLayout() {
  return (
    <div className="public-layout">
      <SkipLink />
      <PublicTopBar />
      <main id="content" className="public-layout__main container" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
