// Channel names read back into what they address, and names no channel has.
import { describe, expect, it } from "vitest";
import { CHANNELS, parseChannel } from "../src/realtime.ts";
import { MAX_INT } from "../src/constants.ts";

describe("parseChannel", () => {
  it("reads back every kind of channel CHANNELS names", () => {
    expect(parseChannel(CHANNELS.match(7))).toEqual({ kind: "match", matchId: 7 });
    expect(parseChannel(CHANNELS.matches)).toEqual({ kind: "matches" });
    expect(parseChannel(CHANNELS.matchLists)).toEqual({ kind: "matchLists" });
    expect(parseChannel(CHANNELS.user(12))).toEqual({ kind: "user", userId: 12 });
    expect(parseChannel(CHANNELS.chat(MAX_INT))).toEqual({ kind: "chat", matchId: MAX_INT });
    expect(parseChannel(CHANNELS.club(3))).toEqual({ kind: "club", clubId: 3 });
    expect(parseChannel(CHANNELS.streams(4))).toEqual({ kind: "streams", clubId: 4 });
  });

  it("refuses names no channel has", () => {
    for (const name of [
      "",
      "match",
      "match.",
      "match.0",
      "match.07",
      "match.1.2",
      "user.-1",
      "clubs.1",
      "match-lists.1",
      "club.0",
      "streams.0",
      "stream.1",
      "chat.1 ",
    ]) {
      expect(parseChannel(name)).toBeNull();
    }
    expect(parseChannel(`match.${MAX_INT + 1}`)).toBeNull();
  });
});
