// Flags to switch the interface language: the same page in the other locale.
import type { MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { LOCALES, type LocaleCode } from "@clubcast/shared";
import { ensureLoaded } from "../i18n/i18n.ts";
import { localeFromPath, rememberLocale, switchLocalePath } from "../i18n/locale.ts";

function Flag({ locale }: { locale: LocaleCode }) {
  const common = { width: 24, height: 16, "aria-hidden": true, focusable: "false" } as const;
  if (locale === "nl") {
    return (
      <svg viewBox="0 0 9 6" {...common}>
        <rect width="9" height="6" fill="#21468b" />
        <rect width="9" height="4" fill="#fff" />
        <rect width="9" height="2" fill="#ae1c28" />
      </svg>
    );
  }
  if (locale === "de") {
    return (
      <svg viewBox="0 0 5 3" {...common}>
        <rect width="5" height="3" fill="#ffce00" />
        <rect width="5" height="2" fill="#dd0000" />
        <rect width="5" height="1" fill="#000" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 60 30" {...common}>
      <clipPath id="flag-gb-clip">
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <path d="M0 0v30h60V0z" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath="url(#flag-gb-clip)" stroke="#C8102E" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

/** Loads the language's texts before navigating; the app shell switches to them on arrival. */
export function useSwitchLocale(): (locale: LocaleCode) => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return async (locale) => {
    await ensureLoaded(locale);
    rememberLocale(locale);
    navigate(switchLocalePath(pathname, locale) + search);
  };
}

export function LanguageFlags({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = localeFromPath(pathname);
  const switchLocale = useSwitchLocale();
  const onClick = (locale: LocaleCode) => (event: MouseEvent) => {
    event.preventDefault();
    void switchLocale(locale);
  };
  return (
    <ul className={`flags ${className}`} aria-label={t("nav.language")}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          <Link
            to={switchLocalePath(pathname, locale) + search}
            onClick={onClick(locale)}
            className="flags__link"
            hrefLang={locale}
            lang={locale}
            aria-current={locale === current ? "true" : undefined}
            aria-label={t(`locales.${locale}`)}
            title={t(`locales.${locale}`)}
          >
            <Flag locale={locale} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
