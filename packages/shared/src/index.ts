export * from "./constants.ts";
export * from "./access.ts";
export * from "./livestream.ts";
export * from "./match-status.ts";
export * from "./redirect.ts";
export * from "./realtime.ts";
export * from "./media.ts";
export * from "./clips.ts";
