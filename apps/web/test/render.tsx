// Rendering routes for component tests: a memory router at `path`, an auth
// state of the test's choosing and a query client, plus the current location.
import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AuthContext, type Auth, type User } from "../src/auth/AuthProvider.tsx";
import { ToastProvider } from "../src/ui/Toasts.tsx";
import { CurrentClubProvider } from "../src/lib/current-club.tsx";
import { trpc } from "../src/lib/trpc.ts";
import { createFakeTrpcClient, type FakeApi } from "./fake-api.ts";

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: "anna@example.test",
    first_name: "Anna",
    last_name: "de Vries",
    scope: "player",
    locale: "en",
    club: { id: 3, name: "VV Groen Wit" },
    teams: [],
    roles: [],
    permissions: [],
    created_at: "2025-01-01T00:00:00.000Z",
    ...overrides,
  } as User;
}

export function fakeAuth(state: Partial<Auth> = {}): Auth {
  const user = state.user ?? null;
  return {
    status: user ? "signedIn" : "guest",
    user,
    scope: user?.scope ?? "user",
    signedOut: false,
    login: async () => {},
    logout: async () => {},
    reloadUser: async () => {},
    ...state,
  };
}

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** `api` answers the tRPC calls the rendered pages make (see fake-api.ts). */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  auth: Auth = fakeAuth(),
  extra?: ReactNode,
  api: FakeApi = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <trpc.Provider client={createFakeTrpcClient(api)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ToastProvider>
            <AuthContext.Provider value={auth}>
              <CurrentClubProvider>
                <Routes routes={routes} />
                <CurrentLocation />
                {extra}
              </CurrentClubProvider>
            </AuthContext.Provider>
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}
