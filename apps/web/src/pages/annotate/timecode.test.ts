import { describe, expect, it } from "vitest";
import { FRAME_RATES, frameMs } from "@clubcast/shared";
import { formatTimecode, frameAt, frameRateLabel, FRAME_RATE_NAMES, stepFrames } from "./timecode.ts";

describe("formatTimecode", () => {
  it.each([
    [0, "00:00:00:000"],
    [4, "00:00:00:004"],
    [999, "00:00:00:999"],
    [1000, "00:00:01:000"],
    [61_250, "00:01:01:250"],
    [3_723_004, "01:02:03:004"],
    [36_000_000 + 59 * 60_000 + 59_999, "10:59:59:999"],
  ])("shows %d ms as %s", (ms, text) => {
    expect(formatTimecode(ms)).toBe(text);
  });

  it("drops fractions of a millisecond and reads nonsense as zero", () => {
    expect(formatTimecode(1500.9)).toBe("00:00:01:500");
    expect(formatTimecode(-20)).toBe("00:00:00:000");
    expect(formatTimecode(Number.NaN)).toBe("00:00:00:000");
  });
});

describe("frames", () => {
  it("offers the four frame rates of the spec", () => {
    expect(FRAME_RATE_NAMES).toEqual(["PAL", "NTSC", "PALp", "NTSCp"]);
    expect(FRAME_RATE_NAMES.map(frameRateLabel)).toEqual(["PAL 25", "NTSC 29.97", "PALp 50", "NTSCp 59.94"]);
  });

  it("counts frames at the chosen rate", () => {
    expect(frameAt(0, FRAME_RATES.PAL)).toBe(0);
    expect(frameAt(39, FRAME_RATES.PAL)).toBe(0);
    expect(frameAt(40, FRAME_RATES.PAL)).toBe(1);
    expect(frameAt(1000, FRAME_RATES.PALp)).toBe(50);
    // NTSC runs 30000 frames every 1001 seconds.
    expect(frameAt(1_001_000, FRAME_RATES.NTSC)).toBe(30_000);
    expect(frameAt(1_001_000, FRAME_RATES.NTSCp)).toBe(60_000);
  });

  it("finds a frame again from its own start, despite floating point", () => {
    for (const name of FRAME_RATE_NAMES) {
      for (const frame of [1, 7, 29, 1799, 107_892]) {
        expect(frameAt(frameMs(frame, FRAME_RATES[name]), FRAME_RATES[name])).toBe(frame);
      }
    }
  });

  it("steps whole frames forward and back, from anywhere inside a frame", () => {
    const pal = FRAME_RATES.PAL;
    expect(stepFrames(1010, pal, 1)).toBe(1040);
    expect(stepFrames(1039, pal, -1)).toBe(960);
    expect(stepFrames(20, pal, -1)).toBe(0);
    expect(stepFrames(0, pal, 25)).toBe(1000);
    const ntsc = FRAME_RATES.NTSC;
    expect(frameAt(stepFrames(frameMs(500, ntsc), ntsc, 1), ntsc)).toBe(501);
  });

  it("never steps past the end of the video", () => {
    expect(stepFrames(9990, FRAME_RATES.PAL, 5, 10_000)).toBe(10_000);
  });
});
