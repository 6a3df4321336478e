import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderRoutes } from "../../test/render.tsx";
import { fakeMatch } from "../pages/scheduler/fixtures.test-data.ts";
import type { Match } from "../lib/matches.ts";
import { MatchCard } from "./MatchCard.tsx";

const POSTER = "/media/matches/5/poster.jpg";

function renderCard(match: Match) {
  return renderRoutes([{ path: "/", element: <MatchCard match={match} /> }], "/");
}

describe("a match card", () => {
  it("shows the still from the match's video, lazily, over the pitch", () => {
    const { container } = renderCard(fakeMatch({ id: 5, status: "vod", list_status: "vod", poster_url: POSTER }));
    const image = screen.getByRole("img", { name: "Still from Groen Wit 1 against VV De Zwaluwen" });
    expect(image).toHaveAttribute("src", POSTER);
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveClass("match-card__image");
    // The crests and the status stay on the card.
    expect(container.querySelector(".match-card__poster")).toHaveClass("pitch");
    expect(screen.getByRole("link", { name: "Groen Wit 1 vs VV De Zwaluwen" })).toHaveAttribute("href", "/matches/5");
  });

  it("keeps the pitch when there is no still, or when it fails to load", () => {
    renderCard(fakeMatch({ id: 6, poster_url: null }));
    expect(screen.queryByRole("img", { name: /Still from/ })).toBeNull();

    renderCard(fakeMatch({ id: 7, status: "vod", list_status: "vod", poster_url: "/missing.jpg" }));
    const image = screen.getByRole("img", { name: /Still from/ });
    fireEvent.error(image);
    expect(screen.queryByRole("img", { name: /Still from/ })).toBeNull();
  });
});
