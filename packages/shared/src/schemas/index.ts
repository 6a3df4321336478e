// The input schemas the server validates with and the web's forms validate
// with too (through zodResolver): `@clubcast/shared/schemas`. The server's
// domains re-export them from their schemas.ts under the same names.
export * from "./core.ts";
export * from "./issues.ts";
export * from "./matches.ts";
export * from "./fields.ts";
export * from "./teams.ts";
export * from "./auth.ts";
export * from "./users.ts";
export * from "./devices.ts";
export * from "./sports.ts";
export * from "./cameras.ts";
export * from "./media.ts";
export * from "./configurations.ts";
export * from "./clubs.ts";
export * from "./api-clients.ts";
export * from "./sequences.ts";
export * from "./moments.ts";
