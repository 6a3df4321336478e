import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet, type RouteObject } from "react-router";
import { fakeAuth, fakeUser, renderRoutes } from "../../test/render.tsx";
import { isClubsPath, useCurrentClub, useSelectClub } from "./current-club.tsx";

function ClubPage() {
  useSelectClub({ id: 12, name: "Kingsbridge RFC" });
  return <p>club page</p>;
}

function Frame() {
  const { club, selected } = useCurrentClub();
  return (
    <>
      <p data-testid="current">{`${club?.name ?? "none"}${selected ? " (selected)" : ""}`}</p>
      <Link to="/dashboard/clubs/12">club</Link>
      <Link to="/dashboard/clubs/12/offline">club offline</Link>
      <Link to="/nl/dashboard/clubs/12/offline">club offline in Dutch</Link>
      <Link to="/dashboard/scheduler">scheduler</Link>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Frame />,
    children: [
      { path: "/dashboard/clubs/12", element: <ClubPage /> },
      { path: "*", element: <p>other page</p> },
    ],
  },
];

const current = () => screen.getByTestId("current").textContent;

describe("the current club", () => {
  it("is the user's own club until a club page selects another", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/scheduler", fakeAuth({ user: fakeUser() }));
    expect(current()).toBe("VV Groen Wit");
    await user.click(screen.getByRole("link", { name: "club" }));
    expect(current()).toBe("Kingsbridge RFC (selected)");
  });

  it("survives moving between club routes and resets when leaving them", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/clubs/12", fakeAuth({ user: fakeUser() }));
    expect(current()).toBe("Kingsbridge RFC (selected)");
    await user.click(screen.getByRole("link", { name: "club offline" }));
    await user.click(screen.getByRole("link", { name: "club offline in Dutch" }));
    expect(current()).toBe("Kingsbridge RFC (selected)");
    await user.click(screen.getByRole("link", { name: "scheduler" }));
    expect(current()).toBe("VV Groen Wit");
  });

  it("is none for a user without a club", () => {
    renderRoutes(routes, "/dashboard/scheduler", fakeAuth({ user: fakeUser({ scope: "system", club: null }) }));
    expect(current()).toBe("none");
  });

  it("recognises club routes in every locale", () => {
    expect(isClubsPath("/dashboard/clubs")).toBe(true);
    expect(isClubsPath("/de/dashboard/clubs/all")).toBe(true);
    expect(isClubsPath("/nl/dashboard/clubs/3/recorded/9/annotate")).toBe(true);
    expect(isClubsPath("/dashboard/clubsx")).toBe(false);
    expect(isClubsPath("/dashboard/scheduler")).toBe(false);
  });
});
