import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { renderRoutes } from "../../test/render.tsx";
import { SHORT_ROUTES } from "@clubcast/shared";
import { LocalRedirect, ShortRoute } from "./ShortRoute.tsx";

const routes: RouteObject[] = ["", "/nl", "/de"].flatMap((prefix) => [
  ...SHORT_ROUTES.map((section) => ({ path: `${prefix}/${section}`, element: <ShortRoute section={section} /> })),
  {
    path: `${prefix}/dashboard/sports`,
    element: <LocalRedirect to="/dashboard/configuration/sports" />,
  },
  { path: `${prefix}/dashboard/*`, element: <p>dashboard page</p> },
]);

describe("the short routes", () => {
  it.each([
    ["/recorded", "/dashboard/recorded"],
    ["/scheduler?club=4", "/dashboard/scheduler?club=4"],
    ["/nl/system", "/nl/dashboard/system"],
    ["/de/teams", "/de/dashboard/teams"],
    ["/users", "/dashboard/users"],
    ["/nl/dashboard/sports", "/nl/dashboard/configuration/sports"],
  ])("lead from %s to %s", (from, to) => {
    renderRoutes(routes, from);
    expect(screen.getByText("dashboard page")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(to);
  });
});
