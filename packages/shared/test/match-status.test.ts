import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  alreadyTransitioned,
  canTransition,
  finishedRecordingOf,
  InvalidMatchTransitionError,
  listStatusOf,
  MATCH_EVENTS,
  MATCH_STATUSES,
  nextMatchStatus,
} from "../src/match-status.ts";

const EXPECTED = [
  ["unscheduled", "schedule", "scheduled"],
  ["scheduled", "unschedule", "unscheduled"],
  ["unscheduled", "startRecording", "live"],
  ["scheduled", "startRecording", "live"],
  ["live", "stopRecording", "processing"],
  ["processing", "finishProcessing", "vod"],
  ["processing", "restore", "processing"],
  ["vod", "restore", "processing"],
] as const;

describe("match state machine", () => {
  it.each(EXPECTED)("%s --%s--> %s", (from, event, to) => {
    expect(canTransition(from, event)).toBe(true);
    expect(nextMatchStatus(from, event)).toBe(to);
  });

  it("allows exactly the expected transitions", () => {
    expect(
      allowedTransitions()
        .map((t) => [t.from, t.event, t.to])
        .sort(),
    ).toEqual(EXPECTED.map((t) => [...t]).sort());
  });

  const refused = MATCH_STATUSES.flatMap((from) =>
    MATCH_EVENTS.filter((event) => !EXPECTED.some(([f, e]) => f === from && e === event)).map(
      (event) => [from, event] as const,
    ),
  );

  it.each(refused)("refuses %s --%s-->", (from, event) => {
    expect(canTransition(from, event)).toBe(false);
    expect(() => nextMatchStatus(from, event)).toThrow(InvalidMatchTransitionError);
  });

  it("refuses a representative set explicitly", () => {
    const error = (() => {
      try {
        nextMatchStatus("vod", "startRecording");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidMatchTransitionError);
    expect((error as InvalidMatchTransitionError).from).toBe("vod");
    expect((error as Error).message).toBe("A vod match cannot be started recording.");
    expect(refused.length).toBe(MATCH_STATUSES.length * MATCH_EVENTS.length - EXPECTED.length);
  });

  it("derives the public list statuses", () => {
    expect(listStatusOf("live")).toBe("live");
    expect(listStatusOf("scheduled")).toBe("upcoming");
    expect(listStatusOf("vod")).toBe("vod");
    expect(listStatusOf("unscheduled")).toBeNull();
    expect(listStatusOf("processing")).toBeNull();
  });

  it("knows when a late camera confirmation finds its effect already there", () => {
    expect(["live", "processing", "vod"].map((s) => alreadyTransitioned(s as never, "startRecording"))).toEqual([
      true,
      true,
      true,
    ]);
    expect(alreadyTransitioned("scheduled", "startRecording")).toBe(false);
    expect(alreadyTransitioned("processing", "stopRecording")).toBe(true);
    expect(alreadyTransitioned("vod", "stopRecording")).toBe(true);
    expect(alreadyTransitioned("live", "stopRecording")).toBe(false);
    expect(alreadyTransitioned("scheduled", "schedule")).toBe(true);
    expect(alreadyTransitioned("live", "schedule")).toBe(false);
    expect(alreadyTransitioned("unscheduled", "unschedule")).toBe(true);
  });

  it("sends a finished recording on demand only with a video", () => {
    expect(finishedRecordingOf("http://camera.test/vod.m3u8")).toEqual({ event: "finishProcessing", problem: null });
    expect(finishedRecordingOf(null)).toEqual({ event: null, problem: "no_video" });
  });
});
