import { describe, expect, it } from "vitest";
import { readLastRead, storeLastRead, unreadCount, type FeatureUpdate } from "./unread.ts";

const update = (id: number, lang: string, created_at: string): FeatureUpdate => ({
  id,
  lang,
  content: "…",
  created_at,
});
const updates = [
  update(1, "en", "2026-01-10T10:00:00.000Z"),
  update(2, "en", "2026-02-10T10:00:00.000Z"),
  update(3, "nl", "2026-02-11T10:00:00.000Z"),
  update(4, "en", "2026-03-10T10:00:00.000Z"),
];

describe("the unread notification count", () => {
  it("counts every update in the current language when nothing was read", () => {
    expect(unreadCount(updates, "en", null)).toBe(3);
    expect(unreadCount(updates, "nl", null)).toBe(1);
    expect(unreadCount(updates, "de", null)).toBe(0);
  });

  it("counts only what was created after the last-read time", () => {
    expect(unreadCount(updates, "en", Date.parse("2026-02-10T10:00:00.000Z"))).toBe(1);
    expect(unreadCount(updates, "en", Date.parse("2026-03-11T00:00:00.000Z"))).toBe(0);
  });

  it("keeps the last-read time per user in local storage", () => {
    expect(readLastRead(7)).toBeNull();
    storeLastRead(7, 1_770_000_000_000);
    expect(readLastRead(7)).toBe(1_770_000_000_000);
    expect(readLastRead(8)).toBeNull();
    window.localStorage.setItem("clubcast.notifications.last-read.8", "not a time");
    expect(readLastRead(8)).toBeNull();
  });
});
