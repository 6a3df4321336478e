import { describe, expect, it } from "vitest";
import { deriveLivestream } from "../src/livestream.ts";

describe("deriveLivestream", () => {
  it.each([
    [null, "disabled"],
    [undefined, "disabled"],
    ["", "disabled"],
    ["   ", "disabled"],
    ["{address}", "disabled"],
    ["{address}:9000?streamid=abc", "srt"],
    ["rtmp://live.example.test/app/key", "rtmp"],
    ["srt://somewhere:9000", "rtmp"],
  ])("%j → %s", (url, mode) => {
    expect(deriveLivestream(url)).toBe(mode);
  });
});
