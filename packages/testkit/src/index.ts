// What the global setup provides to every test file.
declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}

export * from "./database.ts";
export * from "./services.ts";
export * from "./smtp.ts";
export * from "./throwaway-redis.ts";
