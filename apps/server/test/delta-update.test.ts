// Playlist delta updates (low-latency HLS): the API's rewrite of a live
// match's event playlist, as the gateway writes it, checked against the spec's
// rules over generated recordings: the skipped segments and those listed make
// the whole playlist, what is listed covers CAN-SKIP-UNTIL, parts and the
// segment under way stay, and playlists that offer no delta updates are sent whole.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eventPlaylist, livePlaylist, vodPlaylist, type LiveParts, type Segment } from "@clubcast/media/playlists";
import { checkDeltaUpdate, checkMediaPlaylist } from "@clubcast/testkit/hls-playlist";
import { asksForDeltaUpdate, deltaUpdateOf } from "../src/media/delta-update.ts";

/** A recording of sessions (a discontinuity where each later one starts) with segments of the given lengths. */
function recording(sessions: number[][]): Segment[] {
  return sessions.flatMap((durations, session) =>
    durations.map((duration, at) => ({
      duration,
      uri: `s${session + 1}-${String(at).padStart(5, "0")}.ts`,
      discontinuity: session > 0 && at === 0,
    })),
  );
}

/** The gateway's parts of the last four segments and of the segment under way. */
function livePartsOf(segments: Segment[], pending: number): LiveParts {
  const partsOf = (segment: Segment) => {
    const count = Math.ceil(segment.duration / 0.5 - 1e-9);
    return Array.from({ length: count }, (_, at) => ({
      uri: segment.uri.replace(/\.ts$/, `.${at}.ts`),
      duration: at < count - 1 ? 0.5 : Number((segment.duration - 0.5 * (count - 1)).toFixed(3)),
      independent: at === 0,
    }));
  };
  return {
    partTarget: 0.5,
    ofSegments: segments.slice(-4).map(partsOf),
    pending: Array.from({ length: pending }, (_, at) => ({
      uri: `next.${at}.ts`,
      duration: 0.5,
      independent: at === 0,
    })),
    pendingDiscontinuity: false,
    next: `next.${pending}.ts`,
  };
}

describe("delta updates of a live match's playlist", () => {
  it("skip the oldest segments and keep CAN-SKIP-UNTIL's worth, parts and the segment under way (generated)", () => {
    const duration = fc.constantFrom(0.5, 0.96, 1, 1.04, 2);
    const sessions = fc.array(fc.array(duration, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(sessions, fc.integer({ min: 0, max: 3 }), fc.boolean(), (drawn, pending, lowLatency) => {
        const segments = recording(drawn);
        const full = eventPlaylist(segments, lowLatency ? livePartsOf(segments, pending) : undefined);
        const delta = deltaUpdateOf(full);
        const whole = checkMediaPlaylist(full);
        const total = whole.segments.reduce((sum, segment) => sum + segment.duration, 0);
        // Something is skipped once the oldest segment lies wholly before the Skip Boundary.
        const skippable = total - whole.segments[0]!.duration >= whole.canSkipUntil!;
        expect(delta !== null).toBe(skippable && !(lowLatency && segments.length <= 4));
        if (delta === null) return;
        const { update } = checkDeltaUpdate(full, delta);
        // As much as it may: one more skipped segment would leave less than CAN-SKIP-UNTIL, or drop parts.
        const next = update.segments[0]!;
        const listed = update.segments.reduce((sum, segment) => sum + segment.duration, 0);
        expect(listed - next.duration < whole.canSkipUntil! || next.parts.length > 0).toBe(true);
      }),
      { seed: 2829, numRuns: 300 },
    );
  });

  it("keep a 90-minute playlist's reload small", () => {
    const segments = recording([Array.from({ length: 5400 }, () => 1)]);
    const full = eventPlaylist(segments, livePartsOf(segments, 1));
    const delta = deltaUpdateOf(full)!;
    checkDeltaUpdate(full, delta);
    expect(full.length).toBeGreaterThan(100_000);
    expect(delta.length).toBeLessThan(1_500);
  });

  it("are not made of playlists that offer none: a preview's window, a video-on-demand", () => {
    const segments = recording([Array.from({ length: 40 }, () => 1)]);
    expect(deltaUpdateOf(livePlaylist(segments, 6))).toBeNull();
    expect(deltaUpdateOf(vodPlaylist(segments))).toBeNull();
    expect(deltaUpdateOf(eventPlaylist(segments.slice(0, 5)))).toBeNull();
  });

  it("are asked for with _HLS_skip=YES or v2", () => {
    expect(asksForDeltaUpdate({ _HLS_skip: "YES" })).toBe(true);
    expect(asksForDeltaUpdate({ _HLS_skip: "v2" })).toBe(true);
    expect(asksForDeltaUpdate({ _HLS_skip: "NO" })).toBe(false);
    expect(asksForDeltaUpdate({})).toBe(false);
  });
});
