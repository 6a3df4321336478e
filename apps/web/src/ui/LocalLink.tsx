// Links that stay in the current locale: `to` is the locale-free path.
import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLocalize } from "../i18n/useLocale.ts";

export function LocalLink({ to, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  const localize = useLocalize();
  return <Link to={localize(to)} {...rest} />;
}

export function LocalNavLink({ to, ...rest }: Omit<NavLinkProps, "to"> & { to: string }) {
  const localize = useLocalize();
  return <NavLink to={localize(to)} {...rest} />;
}
