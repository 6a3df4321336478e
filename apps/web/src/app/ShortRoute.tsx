// Routes of spec section 2 that only lead elsewhere: the short routes (/recorded,
// /scheduler, /system, /teams, /users) lead to their dashboard pages, and
// /dashboard/sports to the sports page of the configuration section. In the
// current locale, keeping the query.
import { Navigate, useLocation } from "react-router";
import type { SHORT_ROUTES } from "@clubcast/shared";
import { useLocalize } from "../i18n/useLocale.ts";

export function LocalRedirect({ to }: { to: string }) {
  const localize = useLocalize();
  const { search } = useLocation();
  return <Navigate replace to={localize(to) + search} />;
}

export function ShortRoute({ section }: { section: (typeof SHORT_ROUTES)[number] }) {
  return <LocalRedirect to={`/dashboard/${section}`} />;
}
