export * from "./protocol.ts";
export * from "./client.ts";
export * from "./controller.ts";
