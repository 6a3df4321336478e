import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import UsersPage from "./UsersPage.tsx";
import type { User } from "./org.ts";

const club = { id: 3, name: "VV Groen Wit" };
const admin = fakeUser({ id: 1, scope: "club", club, first_name: "Anna", last_name: "Admin" });

function member(id: number, first: string, overrides: Partial<User> = {}): User {
  return fakeUser({
    id,
    first_name: first,
    last_name: "de Boer",
    email: `${first.toLowerCase()}@example.test`,
    club,
    ...overrides,
  });
}

const page = (data: User[], current = 1, last = 1) => ({
  data,
  meta: {
    current_page: current,
    last_page: last,
    per_page: 20,
    total: data.length + (last - 1) * 20,
    from: 1,
    to: data.length,
  },
});

function renderPage(api: FakeApi, path = "/dashboard/users") {
  return renderRoutes(
    [{ path: "/dashboard/users", element: <UsersPage /> }],
    path,
    fakeAuth({ user: admin }),
    undefined,
    { "teams.ofClub": () => ({ data: [], message: "No teams found" }), ...api },
  );
}

describe("the users page", () => {
  it("lists the club's users page by page, with the pagination in a bottom bar", async () => {
    const list = vi.fn(() => page([admin, member(2, "Bram")], 2, 3));
    renderPage({ "users.list": list }, "/dashboard/users?page=2");
    expect(screen.getByRole("heading", { level: 1, name: "Your users" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Bram de Boer" })).toHaveAttribute("href", "/dashboard/users/2");
    expect(list).toHaveBeenCalledWith({ page: 2, limit: 20 });
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    // Nobody deletes themselves.
    expect(screen.queryByRole("button", { name: "Delete Anna Admin" })).not.toBeInTheDocument();
  });

  it("shows the server's text for a club without users", async () => {
    renderPage({ "users.list": () => ({ ...page([]), message: "No users found" }) });
    expect(await screen.findByText("No users found")).toBeInTheDocument();
  });

  it("creates a user with the scopes a club administrator may grant, and the 422 on the e-mail field", async () => {
    const user = userEvent.setup({ delay: null });
    const create = vi.fn((input: { email: string }) => {
      if (input.email === "taken@example.test") {
        throw apiError(422, "Invalid", { email: ["This e-mail address is already registered."] });
      }
      return { data: member(7, "Cas", { email: input.email }), message: "User created." };
    });
    renderPage({ "users.list": () => page([admin]), "users.create": create });
    await user.click(await screen.findByRole("button", { name: "New user" }));
    const dialog = screen.getByRole("dialog", { name: "New user" });
    const scope = within(dialog).getByRole("combobox", { name: "Scope" });
    expect(
      within(scope)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Club member", "Player", "Trainer", "Club administrator"]);
    expect(scope).toHaveValue("player");
    expect(within(dialog).queryByRole("combobox", { name: "Club" })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("First name"), "Cas");
    await user.type(within(dialog).getByLabelText("Last name"), "de Boer");
    await user.type(within(dialog).getByLabelText("E-mail address"), "taken@example.test");
    await user.type(within(dialog).getByLabelText("Password"), "a long password");
    await user.type(within(dialog).getByLabelText("Repeat password"), "a long password");
    await user.click(within(dialog).getByRole("button", { name: "Create user" }));
    expect(await within(dialog).findByText("This e-mail address is already registered.")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("E-mail address"));
    await user.type(within(dialog).getByLabelText("E-mail address"), "cas@example.test");
    await user.click(within(dialog).getByRole("button", { name: "Create user" }));
    expect(await screen.findByText("Cas de Boer was created")).toBeInTheDocument();
    expect(create).toHaveBeenLastCalledWith({
      email: "cas@example.test",
      first_name: "Cas",
      last_name: "de Boer",
      scope: "player",
      teams: [],
      password: "a long password",
      password_confirmation: "a long password",
    });
  });

  it("says at once that a new user is being saved, and closes with the toast without waiting for the list", async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (value: unknown) => void = () => {};
    const create = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    // The list's first answer comes at once; the refresh after the save never does.
    const list = vi
      .fn()
      .mockReturnValueOnce(page([admin]))
      .mockReturnValue(new Promise(() => {}));
    renderPage({ "users.list": list, "users.create": create });
    await user.click(await screen.findByRole("button", { name: "New user" }));
    const dialog = screen.getByRole("dialog", { name: "New user" });
    await user.type(within(dialog).getByLabelText("First name"), "Cas");
    await user.type(within(dialog).getByLabelText("Last name"), "de Boer");
    await user.type(within(dialog).getByLabelText("E-mail address"), "cas@example.test");
    await user.type(within(dialog).getByLabelText("Password"), "a long password");
    await user.type(within(dialog).getByLabelText("Repeat password"), "a long password");
    await user.click(within(dialog).getByRole("button", { name: "Create user" }));
    expect(await within(dialog).findByRole("button", { name: "Saving…" })).toHaveAttribute("aria-busy", "true");

    answer({ data: member(7, "Cas", { email: "cas@example.test" }), message: "User created." });
    expect(await screen.findByText("Cas de Boer was created")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New user" })).not.toBeInTheDocument());
  });

  it("deletes a user with the 'user-deleted' toast, or says 'user-not-deleted'", async () => {
    const user = userEvent.setup({ delay: null });
    let users = [admin, member(2, "Bram"), member(3, "Cor")];
    renderPage({
      "users.list": () => page(users),
      "users.delete": ({ id }: { id: number }) => {
        if (id === 3) throw apiError(500, "Server error");
        users = users.filter((row) => row.id !== id);
        return { data: { id }, message: "User deleted." };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Bram de Boer" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this user?" })).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("User deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Bram de Boer")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Delete Cor de Boer" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this user?" })).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The user could not be deleted.");
  });

  it("removes a user from the club after confirmation", async () => {
    const user = userEvent.setup({ delay: null });
    const removeFromClub = vi.fn(({ id }: { club: number; id: number }) => ({ data: { id }, message: "Removed." }));
    renderPage({ "users.list": () => page([admin, member(2, "Bram")]), "users.removeFromClub": removeFromClub });
    await user.click(await screen.findByRole("button", { name: "Remove Bram de Boer from VV Groen Wit" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Remove from the club?" })).getByRole("button", {
        name: "Remove from club",
      }),
    );
    expect(await screen.findByText("Bram de Boer was removed from VV Groen Wit")).toBeInTheDocument();
    expect(removeFromClub).toHaveBeenCalledWith({ club: 3, id: 2 });
  });
});
