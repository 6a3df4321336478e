import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { appInfoAnswer } from "./schemas.ts";

export function appInfoRoutes(r: RouteRegistrar, { appInfo }: Services): void {
  r.route({
    method: "GET",
    url: "/v1/app-info",
    auth: "public",
    summary: "The application version and the desktop app's version and download links",
    tags: ["app-info"],
    response: appInfoAnswer,
    handler: () => appInfo.get(),
  });
}
