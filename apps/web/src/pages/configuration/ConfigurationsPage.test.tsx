import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import ConfigurationsPage from "./ConfigurationsPage.tsx";
import type { Configuration } from "./configuration-form.ts";

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, from: 1, to: total });

function configuration(overrides: Partial<Configuration> = {}): Configuration {
  return {
    id: 7,
    barcode: "ZP-001",
    club: { id: 3, name: "FC Zuiderpark" },
    field: { id: 11, name: "Hoofdveld" },
    stream_key: null,
    ant_stream_id: null,
    qr_code: null,
    latitude: null,
    longitude: null,
    is_main: 1,
    passthrough: 0,
    overlays: "usflogo",
    livestream: "srt",
    local_ip: null,
    resolution: null,
    sa_server_id: null,
    sa_camera_id: null,
    sa_camera_name: null,
    sa_stream_url: "{address}:9000",
    sa_stream_url_local: null,
    sa_sport: null,
    camera_type: "SA_PRO",
    server_url: null,
    ingest: null,
    status: "unknown",
    last_heartbeat_at: null,
    ...overrides,
  };
}

function renderPage(api: FakeApi) {
  const everything: FakeApi = {
    "clubs.list": () => ({ data: [{ id: 3, name: "FC Zuiderpark" }], meta: meta(1) }),
    "fields.list": () => ({ data: [{ id: 11, name: "Hoofdveld" }], meta: meta(1) }),
    ...api,
  };
  const auth = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });
  return renderRoutes(
    [{ path: "/dashboard/configuration", element: <ConfigurationsPage /> }],
    "/dashboard/configuration",
    auth,
    undefined,
    everything,
  );
}

describe("the configurations page", () => {
  it("creates a configuration from the defaults, the livestream mode following the stream URL", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn((input: { data: Record<string, unknown> }) => ({
      data: configuration({ id: 8, barcode: String(input.data.barcode) }),
      message: "Configuration created.",
    }));
    renderPage({
      "configurations.list": () => ({ data: [], message: "No configurations found", meta: meta(0) }),
      "configurations.save": save,
    });
    await screen.findByText("No configurations found");

    await user.click(screen.getByRole("button", { name: "New configuration" }));
    const editor = screen.getByRole("region", { name: "New configuration" });
    expect(within(editor).getByRole("switch", { name: "Main camera" })).toBeChecked();
    expect(within(editor).getByRole("switch", { name: "Passthrough" })).not.toBeChecked();
    expect(within(editor).getByLabelText("Overlays")).toHaveValue("usflogo");
    expect(within(editor).getByLabelText("Camera type")).toHaveValue("SA_PRO");
    expect(within(editor).getByText("Disabled")).toBeInTheDocument();

    // Pasted: sixty keystrokes, each re-rendering the form, outlast the test's time on a busy machine.
    const url = within(editor).getByLabelText("Stream URL");
    await user.click(url);
    await user.paste("{address}:9000?streamid=zp");
    expect(within(editor).getByText("SRT")).toBeInTheDocument();
    await user.clear(url);
    await user.paste("rtmp://live.example.test/app");
    expect(within(editor).getByText("RTMP")).toBeInTheDocument();

    await user.type(within(editor).getByLabelText("Barcode"), "ZP-002");
    await user.selectOptions(await within(editor).findByRole("combobox", { name: "Club" }), "3");
    await user.click(within(editor).getByRole("button", { name: "Create configuration" }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const { data } = save.mock.calls[0]![0];
    expect(data).not.toHaveProperty("id");
    expect(data).toMatchObject({
      barcode: "ZP-002",
      club: 3,
      sa_stream_url: "rtmp://live.example.test/app",
      is_main: true,
      passthrough: false,
      overlays: "usflogo",
      camera_type: "SA_PRO",
    });
    expect(await screen.findByText("Configuration created")).toBeInTheDocument();
    // The saved configuration is now the selected one, being edited.
    expect(screen.getByRole("region", { name: "Edit ZP-002" })).toBeInTheDocument();
  });

  it("marks the row being edited while the editor holds unsaved changes, and no longer once they are saved", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn((input: { data: { overlays: string } }) => ({
      data: configuration({ overlays: input.data.overlays }),
      message: "Configuration saved.",
    }));
    renderPage({
      "configurations.list": () => ({ data: [configuration()], meta: meta(1) }),
      "configurations.save": save,
    });
    await user.click(await screen.findByRole("button", { name: "Edit ZP-001" }));
    const editor = screen.getByRole("region", { name: "Edit ZP-001" });
    const row = () => screen.getByRole("table").querySelector("tbody tr")!;
    expect(row()).not.toHaveTextContent("Editing");
    const overlays = within(editor).getByLabelText("Overlays");
    await user.clear(overlays);
    await user.type(overlays, "club");
    expect(row()).toHaveTextContent("Editing");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Configuration saved")).toBeInTheDocument();
    await waitFor(() => expect(row()).not.toHaveTextContent("Editing"));
    expect(screen.getByRole("region", { name: "Edit ZP-001" })).toBeInTheDocument();
  });

  it("checks the fields with the API's schema, then shows the server's 422 messages on the fields they name", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(() => {
      throw apiError(422, "The given data was invalid.", {
        "data.local_ip": ["The local ip is not valid."],
        "data.barcode": ["The barcode has already been taken."],
      });
    });
    renderPage({
      "configurations.list": () => ({ data: [configuration()], meta: meta(1) }),
      "configurations.save": save,
    });
    await user.click(await screen.findByRole("button", { name: "Edit ZP-001" }));
    const editor = screen.getByRole("region", { name: "Edit ZP-001" });
    const address = within(editor).getByLabelText("Local IP address");
    await user.type(address, "not an address");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    expect(address).toHaveAccessibleDescription("The format isn't valid.");
    expect(save).not.toHaveBeenCalled();

    await user.clear(address);
    await user.type(address, "10.0.0.5");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await within(editor).findByText("The local ip is not valid.")).toBeInTheDocument();
    expect(within(editor).getByLabelText("Local IP address")).toHaveAttribute("aria-invalid", "true");
    expect(within(editor).getByLabelText("Barcode")).toHaveAccessibleDescription("The barcode has already been taken.");
  });

  it("copies the selected configuration into the form, and Reset restores the defaults", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      "configurations.list": () => ({
        data: [configuration({ passthrough: 1, is_main: 0, overlays: "club", camera_type: "SA_LITE" })],
        meta: meta(1),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit ZP-001" }));
    const editor = screen.getByRole("region", { name: "Edit ZP-001" });
    expect(within(editor).getByLabelText("Barcode")).toHaveValue("ZP-001");
    expect(within(editor).getByRole("switch", { name: "Passthrough" })).toBeChecked();
    expect(within(editor).getByText("SRT")).toBeInTheDocument();

    await user.click(within(editor).getByRole("button", { name: "Reset" }));
    const fresh = screen.getByRole("region", { name: "New configuration" });
    expect(within(fresh).getByLabelText("Barcode")).toHaveValue("");
    expect(within(fresh).getByRole("switch", { name: "Passthrough" })).not.toBeChecked();
    expect(within(fresh).getByRole("switch", { name: "Main camera" })).toBeChecked();
    expect(within(fresh).getByLabelText("Overlays")).toHaveValue("usflogo");
    expect(within(fresh).getByLabelText("Camera type")).toHaveValue("SA_PRO");
  });

  it("offers the camera types in words, keeping a stored type it doesn't know as a choice", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn((_input: { data: Record<string, unknown> }) => ({
      data: configuration({ camera_type: "SA_LITE" }),
      message: "Configuration saved.",
    }));
    renderPage({
      "configurations.list": () => ({ data: [configuration({ camera_type: "SA_LITE" })], meta: meta(1) }),
      "configurations.save": save,
    });
    const stored = "SA_LITE (a type this page doesn't know)";
    expect(await screen.findByRole("cell", { name: stored })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit ZP-001" }));
    const editor = screen.getByRole("region", { name: "Edit ZP-001" });
    const select = within(editor).getByRole("combobox", { name: "Camera type" });
    expect(select).toHaveValue("SA_LITE");
    const options = within(select).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Clubcast media gateway (RTMP/SRT from OBS or a phone)",
      "Camera run by a camera server (SA Pro)",
      stored,
    ]);

    await user.selectOptions(select, "Clubcast media gateway (RTMP/SRT from OBS or a phone)");
    // Changed, the stored type is still there to go back to.
    expect(within(select).getByRole("option", { name: stored })).toBeInTheDocument();
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ data: { id: 7, camera_type: "CLUBCAST_GATEWAY" } });
  });

  it("deletes after confirmation with the 'config-deleted' toast and reloads the list", async () => {
    const user = userEvent.setup({ delay: null });
    let rows = [configuration(), configuration({ id: 9, barcode: "ZP-009" })];
    const list = vi.fn(() => ({ data: rows, meta: meta(rows.length) }));
    renderPage({
      "configurations.list": list,
      "configurations.delete": ({ id }: { id: number }) => {
        rows = rows.filter((row) => row.id !== id);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete ZP-009" }));
    // It says what else goes: the cameras and the camera controller's access.
    const confirm = screen.getByRole("dialog");
    expect(confirm).toHaveTextContent("its cameras will be removed, and so will its camera controller's API clients");
    expect(confirm).toHaveTextContent("until it gets a new client (Access → API clients)");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Configuration deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("ZP-009")).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it("says 'config-not-deleted' when the delete fails", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      "configurations.list": () => ({ data: [configuration()], meta: meta(1) }),
      "configurations.delete": () => {
        throw apiError(500, "Server error");
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete ZP-001" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The configuration could not be deleted");
  });
});
