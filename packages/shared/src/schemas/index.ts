// The input schemas the server validates with and the web's forms validate
// with too (through zodResolver): `@clubcast/shared/schemas`.
export * from "./core.ts";
