// The root of every route: keeps the interface language in step with the URL
// (and remembers it in the locale cookie), holds the session, toasts, the
// progress bar and the error boundary of the routes below.
import { useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { AuthProvider } from "../auth/AuthProvider.tsx";
import { activateLocale } from "../i18n/i18n.ts";
import { rememberLocale } from "../i18n/locale.ts";
import { useLocale } from "../i18n/useLocale.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { ToastProvider } from "../ui/Toasts.tsx";
import { RouteErrorBoundary } from "./RouteErrorBoundary.tsx";

/** A new page starts at its top; back and forward keep the browser's position. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function AppShell() {
  const locale = useLocale();
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);
  useEffect(() => {
    rememberLocale(locale);
    void activateLocale(locale);
  }, [locale]);
  return (
    <ToastProvider>
      <AuthProvider>
        <ProgressBar />
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </AuthProvider>
    </ToastProvider>
  );
}
