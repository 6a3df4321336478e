// Setup of every browser test: a test fails when any page it opened broke the
// Content Security Policy (a blocked script, style, image, video or connection),
// so a change the policy doesn't allow shows up here, not in a user's console.
import { afterEach, expect } from "vitest";
import { takeCspViolations } from "./browser.ts";

afterEach(() => {
  expect(takeCspViolations(), "Content Security Policy violations").toEqual([]);
});
