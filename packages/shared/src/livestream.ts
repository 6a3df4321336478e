export const LIVESTREAM_MODES = ["srt", "rtmp", "disabled"] as const;
export type LivestreamMode = (typeof LIVESTREAM_MODES)[number];

const ADDRESS_PLACEHOLDER = "{address}";

/**
 * The livestream mode of a configuration, derived from its sa_stream_url
 * (spec section 3): empty or only the bare '{address}' means disabled,
 * starting with '{address}' means srt, anything else means rtmp.
 */
export function deriveLivestream(saStreamUrl: string | null | undefined): LivestreamMode {
  const url = (saStreamUrl ?? "").trim();
  if (url === "" || url === ADDRESS_PLACEHOLDER) return "disabled";
  if (url.startsWith(ADDRESS_PLACEHOLDER)) return "srt";
  return "rtmp";
}
