/**
 * The typed API for integrators: `import type { AppRouter } from "@clubcast/server/trpc"`.
 * Every procedure calls the same service function, with the same zod schema,
 * as its REST twin under /v1.
 */
import { authRouter } from "../auth/router.ts";
import { router } from "./trpc.ts";

export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
