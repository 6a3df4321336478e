import { domain } from "../core/operation.ts";
import { resourceAnswer } from "../core/answers.ts";
import { appInfoSchema } from "./schemas.ts";
import { noInput } from "../core/schemas.ts";
import { createAppInfoService } from "./service.ts";

export default domain(
  () => createAppInfoService(),
  (op) => ({
    get: op.query({
      auth: "public",
      summary: "The application version and the desktop app's version and download links",
      rest: { method: "GET", path: "/v1/app-info" },
      input: noInput,
      output: resourceAnswer(appInfoSchema),
      run: (appInfo) => appInfo.get(),
    }),
  }),
);
