// The small controls on the right of the dashboard top bar (spec section 2):
// the support mail link, the language switch and the account dropdown.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { LOCALES } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { LOGIN_PATH } from "../../auth/paths.ts";
import { useLocale } from "../../i18n/useLocale.ts";
import { InitialsBadge } from "../../ui/ClubBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { useSwitchLocale } from "../../ui/LanguageFlags.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";

/** Where support questions go. The platform has no setting for it yet, so it is fixed here. */
export const SUPPORT_EMAIL = "support@clubcast.app";

/** A mailto: link with the translated subject and body, which name the user's club. */
export function supportMailto(subject: string, body: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Only when logged in (spec section 6). */
export function SupportLink() {
  const { t } = useTranslation("frame");
  const user = useAuth().user;
  if (!user) return null;
  const club = user.club?.name ?? t("support.no_club");
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <a
      className="icon-button topbar-button"
      href={supportMailto(t("support.subject", { club }), t("support.body", { club, name }))}
      aria-label={t("support.label")}
      title={t("support.label")}
    >
      <Icon name="mail" size={20} />
    </a>
  );
}

/** Cycles to the next available locale. */
export function LanguageCycle() {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const next = LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length]!;
  return (
    <button
      type="button"
      className="topbar-language"
      onClick={() => void switchLocale(next)}
      // The name starts with the code it shows (WCAG 2.5.3, label in name).
      aria-label={`${locale.toUpperCase()}: ${t("dashboard.switch_language", { language: t(`locales.${next}`) })}`}
      title={t("dashboard.switch_language", { language: t(`locales.${next}`) })}
    >
      <Icon name="globe" size={18} />
      <span className="topbar-language__code">{locale.toUpperCase()}</span>
    </button>
  );
}

/** The account dropdown with a single entry: sign out when signed in, otherwise sign in. */
export function AccountMenu() {
  const { t } = useTranslation(["translation", "frame"]);
  const auth = useAuth();
  const user = auth.user;
  const name = user ? `${user.first_name} ${user.last_name}` : t("frame:account.sign_in");
  return (
    <Menu as="div" className="account-menu">
      {/* Named by what it shows (WCAG 2.5.3, label in name): the user's name, then what it is. */}
      <MenuButton className="account-menu__button">
        <InitialsBadge name={name} size={32} />
        <span className="account-menu__name">{name}</span>
        <span className="visually-hidden">, {t("dashboard.account")}</span>
        <Icon name="chevronDown" size={16} className="account-menu__chevron" />
      </MenuButton>
      <MenuItems anchor={{ to: "bottom end", gap: 8 }} modal={false} className="account-menu__panel">
        {user && <p className="account-menu__who">{t("dashboard.signed_in_as", { name })}</p>}
        <MenuItem>
          {user ? (
            <button type="button" className="account-menu__item" onClick={() => void auth.logout()}>
              <Icon name="logout" size={18} />
              {t("nav.sign_out")}
            </button>
          ) : (
            <LocalLink to={LOGIN_PATH} className="account-menu__item">
              <Icon name="login" size={18} />
              {t("frame:account.sign_in")}
            </LocalLink>
          )}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
