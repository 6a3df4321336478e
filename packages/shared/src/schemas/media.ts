// How a camera publishes to the media gateway, as answers show it.
import { z } from "zod";
import { plainText } from "./core.ts";

/**
 * How a camera publishes to the media gateway (configurations of the gateway's camera type).
 * Checked text, as any input's: a configuration posted back carries it (and it is dropped).
 */
export const ingestAnswer = z
  .object({
    /** The RTMP server to enter in cameras that take server and key apart. */
    rtmp_server: plainText,
    /** The full RTMP URL: server, then the stream key. */
    rtmp_url: plainText,
    /** The SRT URL, the stream key in its stream id. */
    srt_url: plainText,
  })
  .nullable();
