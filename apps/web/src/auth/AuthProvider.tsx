// The signed-in user, held client-side (spec section 4): login has the server set
// the session cookie and loads /v1/me; logout calls the server (errors ignored),
// which clears it, forgets the user and goes to the locale's login page; a 401
// anywhere ends the session.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { Scope } from "@clubcast/shared";
import { apiFetch } from "../lib/api.ts";
import type { RouterOutputs } from "../lib/trpc.ts";
import { onUnauthorized } from "../lib/unauthorized.ts";
import { localeFromPath } from "../i18n/locale.ts";
import { loginPath } from "./paths.ts";
import { refreshSession, sessionMarker } from "./session.ts";

export type User = RouterOutputs["auth"]["me"]["data"];

export type AuthStatus = "loading" | "guest" | "signedIn";

export interface Auth {
  status: AuthStatus;
  user: User | null;
  /** 'user' when nobody is signed in (spec section 6). */
  scope: Scope;
  /** True after an explicit sign-out: protected pages then go to a plain login page. */
  signedOut: boolean;
  login(email: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** Loads the signed-in user again, after a change to what it shows (their club renamed, say). */
  reloadUser(): Promise<void>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth needs an AuthProvider");
  return auth;
}

interface SessionState {
  status: AuthStatus;
  user: User | null;
  signedOut: boolean;
}

const loadMe = () => apiFetch<RouterOutputs["auth"]["me"]>("/v1/me").then((answer) => answer.user);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(() => ({
    status: sessionMarker() ? "loading" : "guest",
    user: null,
    signedOut: false,
  }));

  // A session from an earlier visit: load its user (asking the server first when only it can tell).
  useEffect(() => {
    let current = true;
    const known = sessionMarker() !== null;
    (known ? Promise.resolve() : refreshSession())
      .then(() => {
        if (!current || sessionMarker() === null) return;
        if (!known) setSession({ status: "loading", user: null, signedOut: false });
        return loadMe().then((user) => current && setSession({ status: "signedIn", user, signedOut: false }));
      })
      .catch(() => current && setSession({ status: "guest", user: null, signedOut: false }));
    return () => {
      current = false;
    };
  }, []);

  const endSession = useCallback(
    (signedOut: boolean) => {
      // Nothing a signed-in user loaded may outlive the session.
      queryClient.clear();
      setSession({ status: "guest", user: null, signedOut });
    },
    [queryClient],
  );

  useEffect(
    () =>
      onUnauthorized(() => {
        endSession(false);
        navigate(loginPath(localeFromPath(window.location.pathname), window.location.pathname), { replace: true });
      }),
    [endSession, navigate],
  );

  const login = useCallback(async (email: string, password: string) => {
    // The answer's token is for API clients: the server sets the session cookie for us.
    await apiFetch("/v1/login", { method: "POST", body: { email, password }, signIn: true });
    const user = await loadMe();
    setSession({ status: "signedIn", user, signedOut: false });
  }, []);

  const logout = useCallback(async () => {
    await apiFetch("/v1/logout", { method: "POST" }).catch(() => undefined);
    endSession(true);
    navigate(loginPath(localeFromPath(pathname)), { replace: true });
  }, [endSession, navigate, pathname]);

  const reloadUser = useCallback(async () => {
    // On failure the user stays as loaded (a 401 ends the session through onUnauthorized).
    const user = await loadMe().catch(() => null);
    if (user) setSession((current) => (current.status === "signedIn" ? { ...current, user } : current));
  }, []);

  const auth = useMemo<Auth>(
    () => ({ ...session, scope: session.user?.scope ?? "user", login, logout, reloadUser }),
    [session, login, logout, reloadUser],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
