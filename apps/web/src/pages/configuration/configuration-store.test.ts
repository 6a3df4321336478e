import { describe, expect, it } from "vitest";
import { configurationReducer, initialConfigurationState } from "./configuration-store.ts";
import { configurationData, defaultConfigurationForm, type Configuration } from "./configuration-form.ts";

const stored: Configuration = {
  id: 7,
  barcode: "ZP-001",
  club: { id: 3, name: "FC Zuiderpark" },
  field: { id: 11, name: "Hoofdveld" },
  stream_key: "key-1",
  ant_stream_id: null,
  qr_code: null,
  latitude: 52.07,
  longitude: 4.3,
  is_main: 0,
  passthrough: 1,
  overlays: "club",
  livestream: "rtmp",
  local_ip: "192.168.1.20",
  resolution: "1920x1080",
  sa_server_id: "srv-1",
  sa_camera_id: "cam-1",
  sa_camera_name: "North stand",
  sa_stream_url: "rtmp://live.example.test/app",
  sa_stream_url_local: null,
  sa_sport: "football",
  camera_type: "SA_LITE",
  server_url: "https://cams.example.test",
  ingest: null,
  status: "online",
  last_heartbeat_at: "2026-11-26T10:00:00.000Z",
};

describe("the configuration store", () => {
  it("starts with no list (loading), nothing selected and the defaults in the form", () => {
    const state = initialConfigurationState();
    expect(state.list).toBeNull();
    expect(state.selected).toBeNull();
    expect(state.current).toMatchObject({
      is_main: true,
      passthrough: false,
      overlays: "usflogo",
      camera_type: "SA_PRO",
      sa_stream_url: "",
      club: "",
    });
  });

  it("copies the selected record into the form when current is set", () => {
    let state = configurationReducer(initialConfigurationState(), { type: "list", list: [stored] });
    state = configurationReducer(state, { type: "select", configuration: stored });
    // Selecting alone leaves the form as it was.
    expect(state.current.barcode).toBe("");
    state = configurationReducer(state, { type: "setCurrent" });
    expect(state.list).toEqual([stored]);
    expect(state.current).toMatchObject({
      barcode: "ZP-001",
      club: "3",
      field: "11",
      latitude: "52.07",
      is_main: false,
      passthrough: true,
      overlays: "club",
      camera_type: "SA_LITE",
      ant_stream_id: "",
      sa_stream_url: "rtmp://live.example.test/app",
    });
  });

  it("reset restores the defaults and clears the selection", () => {
    let state = configurationReducer(initialConfigurationState(), { type: "select", configuration: stored });
    state = configurationReducer(state, { type: "setCurrent" });
    state = configurationReducer(state, { type: "reset" });
    expect(state.selected).toBeNull();
    expect(state.current).toEqual(defaultConfigurationForm());
  });
});

describe("the saved data", () => {
  it("creates without an id, with the defaults, empty texts as null and no livestream of its own", () => {
    const data = configurationData({ ...defaultConfigurationForm(), club: "3", barcode: " ZP-9 " }, null);
    expect(data).not.toHaveProperty("id");
    expect(data).not.toHaveProperty("livestream");
    expect(data).toMatchObject({
      club: 3,
      field: null,
      barcode: "ZP-9",
      sa_stream_url: null,
      latitude: null,
      is_main: true,
      passthrough: false,
      overlays: "usflogo",
      camera_type: "SA_PRO",
    });
  });

  it("updates the configuration it names, reading decimal commas", () => {
    const data = configurationData(
      { ...defaultConfigurationForm(), club: "3", field: "11", latitude: "52,37", longitude: "4.89" },
      7,
    );
    expect(data).toMatchObject({ id: 7, club: 3, field: 11, latitude: 52.37, longitude: 4.89 });
  });
});
