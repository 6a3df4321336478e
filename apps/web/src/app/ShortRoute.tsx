// The short routes of spec section 2 (/recorded, /scheduler, /system, /teams,
// /users): each leads to its dashboard page, in the current locale, keeping the query.
import { Navigate, useLocation } from "react-router";
import { useLocalize } from "../i18n/useLocale.ts";

export const SHORT_ROUTES = ["recorded", "scheduler", "system", "teams", "users"] as const;

export function ShortRoute({ section }: { section: (typeof SHORT_ROUTES)[number] }) {
  const localize = useLocalize();
  const { search } = useLocation();
  return <Navigate replace to={localize(`/dashboard/${section}`) + search} />;
}
