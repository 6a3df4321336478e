import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { HEARTBEAT_ONLINE_WITHIN_S } from "../src/constants.ts";
import {
  DEVICE_STATUSES,
  cameraReport,
  deviceStatusNow,
  heardRecently,
  type DeviceReport,
} from "../src/device-status.ts";

const WINDOW_MS = HEARTBEAT_ONLINE_WITHIN_S * 1000;
const NOW = new Date("2026-11-26T12:00:00.000Z");
const status = fc.constantFrom(...DEVICE_STATUSES);
/** Milliseconds since a heartbeat, around the window's edge and far past it. */
const silence = fc.oneof(
  fc.integer({ min: 0, max: 2 * WINDOW_MS }),
  fc.integer({ min: WINDOW_MS - 2, max: WINDOW_MS + 2 }),
);
const report = fc.record({
  status,
  lastHeartbeatAt: fc.option(silence.map((ms) => new Date(NOW.getTime() - ms))),
}) as fc.Arbitrary<DeviceReport>;

describe("the one online rule", () => {
  it("is what a device last reported while its heartbeat is within the window, offline after, unknown without one", () => {
    fc.assert(
      fc.property(status, silence, (reported, ms) => {
        const at = new Date(NOW.getTime() - ms);
        expect(heardRecently(at, NOW)).toBe(ms <= WINDOW_MS);
        expect(deviceStatusNow({ status: reported, lastHeartbeatAt: at }, NOW)).toBe(
          ms <= WINDOW_MS ? reported : "offline",
        );
        expect(deviceStatusNow({ status: reported, lastHeartbeatAt: null }, NOW)).toBe("unknown");
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it("hears a camera through its controller, unless the camera reported on its own since", () => {
    fc.assert(
      fc.property(report, report, (camera, controller) => {
        const heard = cameraReport(camera, controller);
        const own = camera.lastHeartbeatAt?.getTime() ?? -Infinity;
        const latest = controller.lastHeartbeatAt?.getTime() ?? -Infinity;
        expect(heard).toBe(own >= latest ? camera : controller);
      }),
      { seed: 16, numRuns: 300 },
    );
    // As the simulator reports: the controller alone, its cameras never listed.
    const controller = { status: "online" as const, lastHeartbeatAt: new Date(NOW.getTime() - 1000) };
    expect(deviceStatusNow(cameraReport({ status: "unknown", lastHeartbeatAt: null }, controller), NOW)).toBe("online");
  });
});
