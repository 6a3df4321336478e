import { z } from "zod";

export const appInfoSchema = z.object({
  version: z.string(),
  desktop_app: z.object({
    version: z.string(),
    mac_arm: z.string(),
    mac_intel: z.string(),
    windows: z.string(),
  }),
});

export type AppInfo = z.infer<typeof appInfoSchema>;
