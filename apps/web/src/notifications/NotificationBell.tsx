// The top bar's notification bell with its unread count, and the notifications
// modal (spec sections 2 and 4): the feature updates of the current language,
// newest first, each with its creation time; one expanded at a time, the first
// by default. Opening the modal marks everything as read.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOCALE_ISO, PAGINATION, type LocaleCode } from "@clubcast/shared";
import { useLocale } from "../i18n/useLocale.ts";
import { emptyMessageOf } from "../lib/list-state.ts";
import { trpc } from "../lib/trpc.ts";
import { Icon } from "../ui/Icon.tsx";
import { Modal } from "../ui/Modal.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../ui/States.tsx";
import { Markup, markupTitle } from "./markup.tsx";
import { readLastRead, storeLastRead, unreadCount, type FeatureUpdate } from "./unread.ts";

/** The newest feature updates (one page of the maximum size is all a bell needs), in the interface language. */
export function useFeatureUpdates() {
  const { i18n } = useTranslation();
  const utils = trpc.useUtils();
  const query = trpc.messages.featureUpdates.useQuery({ page: 1, limit: PAGINATION.maxLimit });
  // The server answers in the request's language: ask again once the interface switched.
  const language = i18n.language;
  const askedIn = useRef(language);
  useEffect(() => {
    if (askedIn.current === language) return;
    askedIn.current = language;
    void utils.messages.featureUpdates.invalidate();
  }, [language, utils]);
  return query;
}

function formatCreated(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
}

export function NotificationList({ updates }: { updates: readonly FeatureUpdate[] }) {
  const { t } = useTranslation("notifications");
  const locale = useLocale();
  const [expanded, setExpanded] = useState<number | null>(updates[0]?.id ?? null);
  const baseId = useId();
  return (
    <ol className="notifications">
      {updates.map((update) => {
        const open = expanded === update.id;
        const panelId = `${baseId}-${update.id}`;
        return (
          <li key={update.id} className={`notification${open ? " notification--open" : ""}`}>
            <h3 className="notification__header">
              <button
                type="button"
                className="notification__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setExpanded(update.id)}
              >
                <span className="notification__title">{markupTitle(update.content)}</span>
                <time className="notification__time" dateTime={update.created_at}>
                  {t("posted", { date: formatCreated(update.created_at, locale) })}
                </time>
                <Icon name="chevronDown" size={18} className="notification__chevron" />
              </button>
            </h3>
            <div id={panelId} className="notification__body" hidden={!open}>
              <Markup content={update.content} headingLevel={4} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function NotificationBell({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation(["frame", "notifications"]);
  // The language the interface (and so the server's answer) is in.
  const locale = i18n.language as LocaleCode;
  const query = useFeatureUpdates();
  const [open, setOpen] = useState(false);
  const [lastRead, setLastRead] = useState(() => readLastRead(userId));

  const updates = (query.data?.data ?? []).filter((update) => update.lang === locale);
  const count = unreadCount(updates, locale, lastRead);

  const openModal = () => {
    const now = Date.now();
    storeLastRead(userId, now);
    setLastRead(now);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="icon-button topbar-button bell"
        onClick={openModal}
        aria-label={count > 0 ? t("frame:bell.unread", { count }) : t("frame:bell.label")}
        title={t("frame:bell.label")}
      >
        <Icon name="bell" size={20} />
        {count > 0 && (
          <span className="bell__count" aria-hidden="true" data-testid="bell-count">
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("notifications:title")} width={640}>
        {query.isPending ? (
          <div className="notifications" aria-busy="true">
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </div>
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : updates.length === 0 ? (
          <EmptyState
            icon="bell"
            title={emptyMessageOf(query, t("notifications:empty"))}
            text={t("notifications:empty_text")}
          />
        ) : (
          <NotificationList updates={updates} />
        )}
      </Modal>
    </>
  );
}
