import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import ConfigurationsPage from "./ConfigurationsPage.tsx";
import type { Configuration } from "./configuration-form.ts";
import { KEY_MASK, maskKey } from "./StreamingPanel.tsx";

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, from: 1, to: total });
const OLD_KEY = "k3y-old-a1b2";
const NEW_KEY = "k3y-new-c3d4";

function ingest(key: string) {
  return {
    rtmp_server: "rtmp://media.clubcast.test:1935/live",
    rtmp_url: `rtmp://media.clubcast.test:1935/live/${key}`,
    srt_url: `srt://media.clubcast.test:8890?streamid=publish:${key}`,
  };
}

function gateway(overrides: Partial<Configuration> = {}): Configuration {
  return {
    id: 12,
    barcode: "GW-OBS",
    club: { id: 3, name: "FC Zuiderpark" },
    field: { id: 11, name: "Hoofdveld" },
    stream_key: OLD_KEY,
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
    sa_stream_url: "{address}",
    sa_stream_url_local: null,
    sa_sport: null,
    camera_type: GATEWAY_CAMERA_TYPE,
    server_url: null,
    ingest: ingest(OLD_KEY),
    status: "online",
    last_heartbeat_at: "2026-11-26T10:00:00.000Z",
    ...overrides,
  };
}

function renderPage(api: FakeApi) {
  const auth = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });
  return renderRoutes(
    [{ path: "/dashboard/configuration", element: <ConfigurationsPage /> }],
    "/dashboard/configuration",
    auth,
    undefined,
    {
      "clubs.list": () => ({ data: [{ id: 3, name: "FC Zuiderpark" }], meta: meta(1) }),
      "fields.list": () => ({ data: [{ id: 11, name: "Hoofdveld" }], meta: meta(1) }),
      ...api,
    },
  );
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, name = "GW-OBS") {
  await user.click(await screen.findByRole("button", { name: `Edit ${name}` }));
  return screen.getByRole("region", { name: "Streaming" });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("masking the stream key", () => {
  it("hides every occurrence of the key unless revealed", () => {
    expect(maskKey(`srt://h:8890?streamid=publish:${OLD_KEY}`, OLD_KEY, false)).toBe(
      `srt://h:8890?streamid=publish:${KEY_MASK}`,
    );
    expect(maskKey(`rtmp://h/live/${OLD_KEY}`, OLD_KEY, true)).toBe(`rtmp://h/live/${OLD_KEY}`);
    expect(maskKey("rtmp://h/live", null, false)).toBe("rtmp://h/live");
  });
});

describe("the Streaming panel of a gateway configuration", () => {
  it("shows the addresses with the key masked, copies the real values and reveals on request", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderPage({ "configurations.list": () => ({ data: [gateway()], meta: meta(1) }) });
    const panel = await openPanel(user);

    const key = within(panel).getByLabelText("Stream key");
    const server = within(panel).getByLabelText("Server");
    const rtmpUrl = within(panel).getByLabelText("Full RTMP URL");
    const srtUrl = within(panel).getByLabelText("SRT URL");
    expect(key).toHaveAttribute("readonly");
    expect(key).toHaveValue(KEY_MASK);
    expect(key).toHaveAccessibleDescription("Hidden until you reveal it");
    expect(server).toHaveValue("rtmp://media.clubcast.test:1935/live");
    expect(server).toHaveAccessibleDescription("What OBS calls “Server”. Give the stream key separately.");
    expect(rtmpUrl).toHaveValue(`rtmp://media.clubcast.test:1935/live/${KEY_MASK}`);
    expect(srtUrl).toHaveValue(`srt://media.clubcast.test:8890?streamid=publish:${KEY_MASK}`);
    expect(panel.innerHTML).not.toContain(OLD_KEY);

    // Copying takes the real value, masked or not.
    await user.click(within(panel).getByRole("button", { name: "Copy SRT URL" }));
    expect(writeText).toHaveBeenCalledWith(`srt://media.clubcast.test:8890?streamid=publish:${OLD_KEY}`);
    expect(within(panel).getByRole("button", { name: "Copied SRT URL" })).toHaveTextContent("Copied");
    await user.click(within(panel).getByRole("button", { name: "Copy Stream key" }));
    expect(writeText).toHaveBeenLastCalledWith(OLD_KEY);
    expect(within(panel).getByRole("button", { name: "Copied Stream key" })).toBeInTheDocument();

    const reveal = within(panel).getByRole("button", { name: "Reveal key" });
    expect(reveal).toHaveAttribute("aria-pressed", "false");
    await user.click(reveal);
    expect(reveal).toHaveAttribute("aria-pressed", "true");
    expect(key).toHaveValue(OLD_KEY);
    expect(srtUrl).toHaveValue(`srt://media.clubcast.test:8890?streamid=publish:${OLD_KEY}`);
    expect(rtmpUrl).toHaveValue(`rtmp://media.clubcast.test:1935/live/${OLD_KEY}`);
    await user.click(reveal);
    expect(key).toHaveValue(KEY_MASK);
  });

  it("says which protocol is accepted, and 'disabled' plainly", async () => {
    const user = userEvent.setup();
    renderPage({
      "configurations.list": () => ({
        data: [gateway(), gateway({ id: 13, barcode: "GW-PHONE", livestream: "disabled" })],
        meta: meta(2),
      }),
    });
    let panel = await openPanel(user);
    expect(within(panel).getByRole("group", { name: "SRT" })).toHaveTextContent("Accepted");
    expect(within(panel).getByRole("group", { name: "RTMP" })).toHaveTextContent("Not accepted");
    expect(panel).toHaveTextContent("The platform accepts this camera's stream over SRT.");

    panel = await openPanel(user, "GW-PHONE");
    expect(within(panel).getByText("Disabled")).toBeInTheDocument();
    expect(panel).toHaveTextContent("Streaming is disabled for this configuration");
    expect(within(panel).getByRole("group", { name: "SRT" })).toHaveTextContent("Not accepted");
    expect(within(panel).getByRole("group", { name: "RTMP" })).toHaveTextContent("Not accepted");
  });

  it("rotates the key only after confirming, then shows the new key and saves it with the form", async () => {
    const user = userEvent.setup();
    let current = gateway();
    const rotate = vi.fn(({ id }: { id: number }) => {
      current = gateway({ id, stream_key: NEW_KEY, ingest: ingest(NEW_KEY) });
      return { data: current, message: "The stream key was rotated." };
    });
    const save = vi.fn((input: { data: Record<string, unknown> }) => ({
      data: { ...current, ...input.data },
      message: "Configuration saved.",
    }));
    renderPage({
      "configurations.list": () => ({ data: [current], meta: meta(1) }),
      "configurations.rotateStreamKey": rotate,
      "configurations.save": save,
    });
    const panel = await openPanel(user);

    await user.click(within(panel).getByRole("button", { name: "Rotate key" }));
    const dialog = screen.getByRole("dialog", { name: "Rotate the stream key?" });
    expect(dialog).toHaveTextContent("A camera streaming with the current key is disconnected at once.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(rotate).not.toHaveBeenCalled();

    await user.click(within(panel).getByRole("button", { name: "Rotate key" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Rotate key" }));
    await waitFor(() => expect(rotate).toHaveBeenCalledWith({ id: 12 }));
    expect(await screen.findByText("The stream key was rotated.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();

    // The new key, shown (not masked) with what to do with it.
    const streaming = screen.getByRole("region", { name: "Streaming" });
    expect(within(streaming).getByLabelText("Stream key")).toHaveValue(NEW_KEY);
    expect(within(streaming).getByLabelText("SRT URL")).toHaveValue(
      `srt://media.clubcast.test:8890?streamid=publish:${NEW_KEY}`,
    );
    expect(within(streaming).getByRole("button", { name: "Reveal key" })).toHaveAttribute("aria-pressed", "true");
    expect(within(streaming).getByText(/This is the new key/)).toHaveTextContent(
      "This is the new key. Give it to the camera, OBS or phone that streams for GW-OBS.",
    );

    // Saving the form never posts a key (the old one least of all): it changes only by rotating.
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].data).toMatchObject({ id: 12, camera_type: GATEWAY_CAMERA_TYPE });
    expect(save.mock.calls[0]![0].data).not.toHaveProperty("stream_key");
    expect(await screen.findByText("Configuration saved")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Streaming" })).getByLabelText("Stream key")).toHaveValue(NEW_KEY);
  });

  it("is operable from the keyboard, and says so when rotating fails", async () => {
    const user = userEvent.setup();
    renderPage({
      "configurations.list": () => ({ data: [gateway()], meta: meta(1) }),
      "configurations.rotateStreamKey": () => {
        throw apiError(500, "Server error");
      },
    });
    const panel = await openPanel(user);
    within(panel).getByRole("button", { name: "Reveal key" }).focus();
    await user.keyboard("{Enter}");
    expect(within(panel).getByLabelText("Stream key")).toHaveValue(OLD_KEY);
    await user.tab();
    expect(within(panel).getByRole("button", { name: "Rotate key" })).toHaveFocus();
    await user.keyboard(" ");
    const dialog = screen.getByRole("dialog", { name: "Rotate the stream key?" });
    within(dialog).getByRole("button", { name: "Rotate key" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("The stream key could not be rotated.");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lets a gateway configuration without a key get its first one", async () => {
    const user = userEvent.setup();
    renderPage({
      "configurations.list": () => ({ data: [gateway({ stream_key: null, ingest: null })], meta: meta(1) }),
      "configurations.rotateStreamKey": () => ({ data: gateway(), message: "The stream key was rotated." }),
    });
    const panel = await openPanel(user);
    expect(panel).toHaveTextContent("This configuration has no stream key yet. Rotate the key to create one.");
    expect(within(panel).queryByRole("button", { name: "Reveal key" })).toBeNull();
    expect(within(panel).queryByLabelText("SRT URL")).toBeNull();
    await user.click(within(panel).getByRole("button", { name: "Rotate key" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Rotate key" }));
    expect(await within(panel).findByLabelText("Stream key")).toHaveValue(OLD_KEY);
    expect(within(panel).getByLabelText("SRT URL")).toHaveValue(
      `srt://media.clubcast.test:8890?streamid=publish:${OLD_KEY}`,
    );
  });

  it("is not shown for a configuration of another camera type, whose key stays a form field", async () => {
    const user = userEvent.setup();
    renderPage({
      "configurations.list": () => ({
        data: [gateway({ camera_type: "SA_PRO", ingest: null, barcode: "ZP-001" })],
        meta: meta(1),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit ZP-001" }));
    const editor = screen.getByRole("region", { name: "Edit ZP-001" });
    expect(within(editor).queryByRole("region", { name: "Streaming" })).toBeNull();
    expect(within(editor).getByRole("textbox", { name: "Stream key" })).toHaveValue(OLD_KEY);
  });
});
