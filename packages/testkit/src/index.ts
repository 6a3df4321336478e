// What the global setup provides to every test file.
declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}

export * from "./database.ts";
export * from "./eventually.ts";
export * from "./ports.ts";
export * from "./processes.ts";
export * from "./services.ts";
export * from "./smtp.ts";
export * from "./throwaway-redis.ts";
