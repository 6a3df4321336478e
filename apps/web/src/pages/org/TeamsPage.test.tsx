import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import TeamsPage from "./TeamsPage.tsx";
import type { Team } from "./org.ts";

const football = { id: 1, slug: "football", name: "Football", type: "football" as const };
const club = { id: 3, name: "VV Groen Wit" };

function team(id: number, fullname: string, overrides: Partial<Team> = {}): Team {
  return { id, fullname, addition: null, parent: null, sport: football, is_custom: false, club, ...overrides };
}

function renderPage(api: FakeApi) {
  return renderRoutes(
    [{ path: "/dashboard/teams", element: <TeamsPage /> }],
    "/dashboard/teams",
    fakeAuth({ user: fakeUser({ scope: "club", club }) }),
    undefined,
    { "sports.list": () => ({ data: [football] }), ...api },
  );
}

describe("the teams page", () => {
  it("lists the club's teams as 'your teams' and hides custom ones on request", async () => {
    const user = userEvent.setup({ delay: null });
    const ofClub = vi.fn((input: { id: number; is_custom?: boolean }) => ({
      data: [
        team(1, "JO17", { addition: "1" }),
        ...(input.is_custom === false ? [] : [team(2, "Oranje", { is_custom: true })]),
      ],
    }));
    renderPage({ "teams.ofClub": ofClub });
    expect(screen.getByRole("heading", { level: 1, name: "Your teams" })).toBeInTheDocument();
    expect(await screen.findByText("JO17 1")).toBeInTheDocument();
    expect(screen.getByText("Oranje")).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Hide custom teams" }));
    await waitFor(() => expect(screen.queryByText("Oranje")).not.toBeInTheDocument());
    expect(ofClub).toHaveBeenLastCalledWith({ id: 3, is_custom: false });
  });

  it("shows 'No teams found' for a club without teams", async () => {
    renderPage({
      "teams.ofClub": () => ({ data: [], message: "No teams found" }),
    });
    expect(await screen.findByText("No teams found")).toBeInTheDocument();
  });

  it("adds a team through the lightbox, with the server's 422 message on its field", async () => {
    const user = userEvent.setup({ delay: null });
    const teams = [team(1, "JO17")];
    const create = vi.fn((input: { id: number; fullname: string; parent?: number }) => {
      if (input.fullname.length > 20) throw apiError(422, "Invalid", { fullname: ["The fullname is too long."] });
      const created = team(5, input.fullname, { parent: input.parent ? { id: 1, fullname: "JO17" } : null });
      teams.push(created);
      return { data: created };
    });
    renderPage({ "teams.ofClub": () => ({ data: teams }), "teams.create": create });
    await screen.findByText("JO17");

    await user.click(screen.getByRole("button", { name: "Add team" }));
    const dialog = screen.getByRole("dialog", { name: "Add a team" });
    await user.type(within(dialog).getByLabelText("Full name"), "A name much too long for a team");
    await user.click(within(dialog).getByRole("button", { name: "Add team" }));
    expect(await within(dialog).findByText("The fullname is too long.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Full name")).toHaveFocus();

    await user.clear(within(dialog).getByLabelText("Full name"));
    await user.type(within(dialog).getByLabelText("Full name"), "JO17-2");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Parent team" }), "1");
    await user.click(within(dialog).getByRole("button", { name: "Add team" }));
    expect(await screen.findByText("JO17-2 was added")).toBeInTheDocument();
    expect(create).toHaveBeenLastCalledWith({ id: 3, fullname: "JO17-2", parent: 1 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("JO17-2")).toBeInTheDocument();
  });

  it("deletes a team after confirmation", async () => {
    const user = userEvent.setup({ delay: null });
    let teams = [team(1, "JO17"), team(2, "MO15")];
    const remove = vi.fn(({ team: id }: { club: number; team: number }) => {
      teams = teams.filter((row) => row.id !== id);
      return { message: "Team deleted." };
    });
    renderPage({ "teams.ofClub": () => ({ data: teams }), "teams.delete": remove });
    await user.click(await screen.findByRole("button", { name: "Delete MO15" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this team?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Team deleted")).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith({ club: 3, team: 2 });
    await waitFor(() => expect(screen.queryByText("MO15")).not.toBeInTheDocument());
  });
});
