import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { fakeAuth, fakeUser, renderRoutes } from "../../test/render.tsx";
import { GuestOnly, RequireAuth } from "./guards.tsx";

/** Guest and protected pages in English and Dutch, as the app nests them. */
const routes: RouteObject[] = ["", "/nl"].flatMap((prefix) => [
  {
    path: `${prefix}/auth`,
    element: <GuestOnly />,
    children: [
      { path: "login", element: <p>login page</p> },
      { path: "register", element: <p>register page</p> },
    ],
  },
  {
    path: `${prefix}/dashboard`,
    element: <RequireAuth />,
    children: [
      { index: true, element: <p>dashboard page</p> },
      { path: "*", element: <p>protected page</p> },
    ],
  },
  { path: `${prefix}/matches`, element: <p>matches page</p> },
]);

const location = () => screen.getByTestId("location").textContent;
const signedIn = fakeAuth({ user: fakeUser({ scope: "club" }) });

describe("protected pages", () => {
  it("send a visitor to the login page with the page as redirect target", () => {
    renderRoutes(routes, "/dashboard/clubs/all");
    expect(screen.getByText("login page")).toBeInTheDocument();
    expect(location()).toBe("/auth/login?redirect=/dashboard/clubs/all");
  });

  it("keep the visitor's locale on the way to the login page", () => {
    renderRoutes(routes, "/nl/dashboard/users");
    expect(location()).toBe("/nl/auth/login?redirect=/nl/dashboard/users");
  });

  it("drop a redirect target that isn't made only of the allowed characters", () => {
    renderRoutes(routes, "/dashboard/users/a%20b!");
    expect(location()).toBe("/auth/login");
  });

  it("send a user who just signed out to the plain login page", () => {
    renderRoutes(routes, "/dashboard/users", fakeAuth({ signedOut: true }));
    expect(location()).toBe("/auth/login");
  });

  it("wait for the session to load before deciding", () => {
    renderRoutes(routes, "/dashboard/users", fakeAuth({ status: "loading" }));
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    expect(screen.queryByText("protected page")).not.toBeInTheDocument();
    expect(location()).toBe("/dashboard/users");
  });

  it("show the page to a signed-in user", () => {
    renderRoutes(routes, "/dashboard/users", signedIn);
    expect(screen.getByText("protected page")).toBeInTheDocument();
    expect(location()).toBe("/dashboard/users");
  });
});

describe("guest pages", () => {
  it("show the page to a visitor", () => {
    renderRoutes(routes, "/auth/login");
    expect(screen.getByText("login page")).toBeInTheDocument();
  });

  it("send a signed-in user to the dashboard of their locale", () => {
    renderRoutes(routes, "/nl/auth/register", signedIn);
    expect(screen.getByText("dashboard page")).toBeInTheDocument();
    expect(location()).toBe("/nl/dashboard/");
  });

  it("send a signed-in user on to a safe redirect target", () => {
    renderRoutes(routes, "/auth/login?redirect=/dashboard/users/7", signedIn);
    expect(screen.getByText("protected page")).toBeInTheDocument();
    expect(location()).toBe("/dashboard/users/7");
  });

  it.each([
    ["another host", "//evil.example/dashboard"],
    ["an absolute URL", "https://evil.example/"],
    ["a query string", "/matches?status=live"],
    ["a script URL", "javascript:alert(1)"],
    ["a guest page (no loop)", "/auth/login"],
  ])("ignore a redirect target that is %s", (_kind, target) => {
    renderRoutes(routes, `/auth/login?redirect=${encodeURIComponent(target)}`, signedIn);
    expect(location()).toBe("/dashboard/");
  });
});
