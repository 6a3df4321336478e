import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { fakeAuth, fakeUser, renderRoutes } from "../../test/render.tsx";
import DashboardLayout from "./DashboardLayout.tsx";

const routes: RouteObject[] = ["", "/de"].map((prefix) => ({
  path: `${prefix}/dashboard`,
  element: <DashboardLayout />,
  children: [
    { index: true, element: <p>start page</p> },
    { path: "*", element: <p>section page</p> },
  ],
}));

const location = () => screen.getByTestId("location").textContent;
/** The menu items: the first list of the dashboard navigation (language flags and logout follow it). */
const menuLabels = () =>
  within(within(screen.getByRole("navigation", { name: "Dashboard navigation" })).getAllByRole("list")[0]!)
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the dashboard frame", () => {
  it("shows the menu of the user's scope, with 'your users' and 'your teams' for club admins", () => {
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "club" }) }));
    expect(screen.getByText("start page")).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      "Dashboard",
      "Scheduler",
      "Offline recordings",
      "Recorded",
      "Your teams",
      "Your users",
      "System",
    ]);
  });

  it("adds the sections a permission grants", () => {
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "trainer", permissions: ["users.all"] }) }));
    expect(menuLabels()).toEqual(["Dashboard", "Recorded", "Users"]);
  });

  it("titles the page after its section", () => {
    renderRoutes(routes, "/dashboard/clubs/all", fakeAuth({ user: fakeUser({ scope: "system" }) }));
    expect(screen.getByRole("heading", { level: 1, name: "All clubs" })).toBeInTheDocument();
    expect(screen.getByText("section page")).toBeInTheDocument();
  });

  it("sends a restricted section back to the dashboard, in the user's locale", () => {
    renderRoutes(routes, "/de/dashboard/configuration/cameras", fakeAuth({ user: fakeUser({ scope: "player" }) }));
    expect(location()).toBe("/de/dashboard/");
    expect(screen.getByText("start page")).toBeInTheDocument();
  });
});
