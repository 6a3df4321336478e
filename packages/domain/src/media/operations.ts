// Video files are served as files (routes.ts: /media/...), not as operations; the domain
// brings the media service the other domains use.
import { domain } from "../core/operation.ts";
import { createMediaService } from "./service.ts";

export default domain(createMediaService, () => ({}));
