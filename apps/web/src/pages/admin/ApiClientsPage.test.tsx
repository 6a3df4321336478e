import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import ApiClientsPage from "./ApiClientsPage.tsx";

const configuration = {
  id: 5,
  barcode: "CC-NL-0101",
  club: { id: 3, name: "FC Zuiderpark" },
  field: { id: 8, name: "Hoofdveld" },
};
const client = (id: number, name: string, revoked = false) => ({
  id,
  name,
  client_id: `client-${id}`,
  configuration,
  created_by: 1,
  last_used_at: null,
  revoked_at: revoked ? "2026-03-01T10:00:00.000Z" : null,
  created_at: "2026-02-01T10:00:00.000Z",
});
const page = <T,>(data: T[]) => ({
  data,
  meta: {
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: data.length,
    from: data.length ? 1 : null,
    to: data.length || null,
  },
});
const SECRET = "s3cr3t-shown-only-once-Zq9";
const NEW_SECRET = "n3w-s3cr3t-for-a-lost-one-Xy7";

function api(overrides: FakeApi = {}) {
  const clients = [client(1, "Field 1 controller")];
  const create = vi.fn((input: { name: string; configuration_id: number }) => {
    const created = { ...client(2, input.name), client_secret: SECRET };
    clients.push(client(2, input.name));
    return { data: created, message: "API client created. Copy its secret now: it is not shown again." };
  });
  const revoke = vi.fn((input: { id: number }) => {
    const index = clients.findIndex((c) => c.id === input.id);
    clients[index] = client(input.id, clients[index]!.name, true);
  });
  const issueSecret = vi.fn((input: { id: number }) => {
    const index = clients.findIndex((c) => c.id === input.id);
    clients[index] = client(input.id, clients[index]!.name);
    return {
      data: { ...clients[index]!, client_secret: NEW_SECRET },
      message: "New secret issued. Copy it now: it is not shown again, and the old one no longer works.",
    };
  });
  return {
    create,
    revoke,
    issueSecret,
    handlers: {
      "apiClients.list": () => page(clients),
      "apiClients.create": create,
      "apiClients.revoke": revoke,
      "apiClients.issueSecret": issueSecret,
      "configurations.list": () =>
        page([{ ...configuration }, { ...configuration, id: 6, barcode: "CC-NL-0102", field: null }]),
      ...overrides,
    } satisfies FakeApi,
  };
}

const routes = [{ path: "/dashboard/access/clients", element: <ApiClientsPage /> }];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the API clients page", () => {
  it("creates a client and shows its secret once, with a copy button", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const server = api();
    renderRoutes(routes, "/dashboard/access/clients", system, undefined, server.handlers);
    expect(await screen.findByRole("cell", { name: "Field 1 controller" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New API client" }));
    const form = screen.getByRole("dialog", { name: "New API client" });
    await user.click(within(form).getByRole("button", { name: "Create client" }));
    expect(await within(form).findAllByText("Please fill in this field.")).toHaveLength(2);
    expect(server.create).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText("Name"), "Field 2 controller");
    const picker = within(form).getByLabelText("Configuration");
    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a configuration", "CC-NL-0101 · FC Zuiderpark · Hoofdveld", "CC-NL-0102 · FC Zuiderpark"]);
    await user.selectOptions(picker, "CC-NL-0101 · FC Zuiderpark · Hoofdveld");
    await user.click(within(form).getByRole("button", { name: "Create client" }));
    expect(server.create).toHaveBeenCalledWith({ name: "Field 2 controller", configuration_id: 5 });

    const secret = await screen.findByRole("dialog", { name: "Copy the client secret now" });
    expect(within(secret).getByLabelText("Client secret")).toHaveValue(SECRET);
    expect(within(secret).getByLabelText("Client ID")).toHaveValue("client-2");
    await user.click(within(secret).getByRole("button", { name: "Copy Client secret" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(secret).getByRole("button", { name: "Copied Client secret" })).toHaveTextContent("Copied");
    expect(within(secret).getByRole("button", { name: "Copy Client ID" })).toHaveTextContent("Copy");

    await user.click(within(secret).getByRole("button", { name: "I've stored it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("cell", { name: "Field 2 controller" })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("shows the server's 422 on the field it names", async () => {
    const user = userEvent.setup();
    const server = api({
      "apiClients.create": () => {
        throw apiError(422, "The given data was invalid.", {
          configuration_id: ["The selected configuration is invalid."],
        });
      },
    });
    renderRoutes(routes, "/dashboard/access/clients", system, undefined, server.handlers);
    await user.click(await screen.findByRole("button", { name: "New API client" }));
    const form = screen.getByRole("dialog", { name: "New API client" });
    await user.type(within(form).getByLabelText("Name"), "Spare");
    await waitFor(() => expect(within(form).getByLabelText("Configuration")).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText("Configuration"), "CC-NL-0102 · FC Zuiderpark");
    await user.click(within(form).getByRole("button", { name: "Create client" }));
    expect(await within(form).findByText("The selected configuration is invalid.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Configuration")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog", { name: "Copy the client secret now" })).toBeNull();
  });

  it("revokes a client only after confirmation", async () => {
    const user = userEvent.setup();
    const server = api();
    renderRoutes(routes, "/dashboard/access/clients", system, undefined, server.handlers);
    await user.click(await screen.findByRole("button", { name: "Revoke Field 1 controller" }));
    const confirm = screen.getByRole("dialog", { name: "Revoke this API client?" });
    expect(confirm).toHaveTextContent("Field 1 controller stops working at once");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(server.revoke).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Revoke Field 1 controller" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(server.revoke).toHaveBeenCalledWith({ id: 1 });
    expect(await screen.findByText("API client revoked")).toBeInTheDocument();
    expect(await screen.findByText("Revoked")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revoke Field 1 controller" })).toBeNull();
  });

  it("gives a client a new secret after confirmation and shows it once, revoked clients too", async () => {
    const user = userEvent.setup();
    const server = api();
    renderRoutes(routes, "/dashboard/access/clients", system, undefined, server.handlers);
    await user.click(await screen.findByRole("button", { name: "Revoke Field 1 controller" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Revoked")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New secret for Field 1 controller" }));
    const confirm = screen.getByRole("dialog", { name: "Give this API client a new secret?" });
    expect(confirm).toHaveTextContent("current secret and tokens stop working at once");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(server.issueSecret).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "New secret for Field 1 controller" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "New secret" }));
    expect(server.issueSecret).toHaveBeenCalledWith({ id: 1 });
    const shown = await screen.findByRole("dialog", { name: "Copy the client secret now" });
    expect(within(shown).getByDisplayValue("client-1")).toBeInTheDocument();
    expect(within(shown).getByDisplayValue(NEW_SECRET)).toBeInTheDocument();
    await user.click(within(shown).getByRole("button", { name: "I've stored it" }));
    expect(await screen.findByText("Active")).toBeInTheDocument();
    expect(screen.queryByDisplayValue(NEW_SECRET)).toBeNull();
  });

  it("says so in the server's words when there are no clients yet", async () => {
    renderRoutes(routes, "/dashboard/access/clients", system, undefined, {
      ...api().handlers,
      "apiClients.list": () => ({ ...page([]), message: "No API clients found" }),
    });
    expect(await screen.findByText("No API clients found")).toBeInTheDocument();
  });
});
