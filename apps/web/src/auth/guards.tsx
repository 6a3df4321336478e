// Route guards (spec sections 2 and 4): guest pages send a signed-in user on to
// the dashboard (or the redirect target); protected pages send a visitor to
// the login page with the page as redirect target.
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { hasDashboard } from "@clubcast/shared";
import { useLocale } from "../i18n/useLocale.ts";
import { PageLoader } from "../ui/PageLoader.tsx";
import { useAuth } from "./AuthProvider.tsx";
import { afterLoginPath, loginPath } from "./paths.ts";

export function RequireAuth() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const locale = useLocale();
  if (auth.status === "loading") return <PageLoader />;
  if (auth.status === "guest" || !hasDashboard(auth.scope)) {
    return <Navigate replace to={loginPath(locale, auth.signedOut ? undefined : pathname)} />;
  }
  return <Outlet />;
}

export function GuestOnly() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const locale = useLocale();
  if (auth.status === "loading") return <PageLoader />;
  if (auth.status === "signedIn") return <Navigate replace to={afterLoginPath(params.get("redirect"), locale)} />;
  return <Outlet />;
}
