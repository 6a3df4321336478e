// /analyze/download: the desktop app's links and version, from the server's configuration.
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { ErrorState } from "../../ui/States.tsx";
import "../../styles/download.css";

type Platform = keyof Omit<RouterOutputs["appInfo"]["get"]["data"]["desktop_app"], "version">;
const PLATFORMS: Platform[] = ["mac_arm", "mac_intel", "windows"];

function PlatformGlyph({ platform }: { platform: Platform }) {
  // A laptop for the Macs, a monitor for Windows.
  const d =
    platform === "windows" ? "M6 8h36v24H6zM18 40h12M24 32v8M6 8l36 0" : "M10 10h28v20H10zM4 36h40l-3 4H7zM20 33h8";
  return (
    <svg
      viewBox="0 0 48 48"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinejoin="round"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export default function DownloadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("download.title"));
  const info = trpc.appInfo.get.useQuery(undefined, { staleTime: Infinity });

  let content;
  if (info.isPending) {
    content = (
      <div className="download-grid" aria-busy="true">
        {PLATFORMS.map((platform) => (
          <div key={platform} className="download-card" aria-hidden="true">
            <Skeleton width={48} height={48} />
            <Skeleton width="70%" height={20} />
            <Skeleton width="50%" height={40} />
          </div>
        ))}
      </div>
    );
  } else if (info.isError) {
    content = <ErrorState onRetry={() => void info.refetch()} />;
  } else {
    const app = info.data.data.desktop_app;
    content = (
      <>
        <p className="download-version">
          <span className="download-version__badge">{t("download.version", { version: app.version })}</span>
        </p>
        <ul className="download-grid">
          {PLATFORMS.map((platform) => (
            <li key={platform} className="download-card">
              <span className="download-card__glyph">
                <PlatformGlyph platform={platform} />
              </span>
              <h2 className="download-card__title">{t(`download.${platform}`)}</h2>
              <a className="button button--primary" href={app[platform]} download>
                <Icon name="download" size={18} />
                {t("download.download")}
                <span className="visually-hidden">
                  {t("download.download_for", { platform: t(`download.${platform}`) })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div className="download-page">
      <PageHeader title={t("download.title")} subtitle={t("download.subtitle")} />
      {content}
    </div>
  );
}
