export * from "./protocol.ts";
export * from "./client.ts";
