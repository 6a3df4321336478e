// The one reader of HLS playlists written under MEDIA_DIR: the gateway joins its
// session playlists with it, the worker finds a recording's segments with it.
// It answers the lines that name something (a segment, or in a master playlist
// a rendition's playlist), each with the duration of the #EXTINF before it.
// Text only: each caller reads the file as it needs (a missing playlist is
// "nothing yet" to the gateway, an error to the worker).

export interface PlaylistEntry {
  /** As written: relative to the playlist. */
  uri: string;
  /** Seconds from its #EXTINF, or null for a line without one (a master playlist's renditions). */
  duration: number | null;
}

export function playlistEntries(text: string): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  let duration: number | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("#EXTINF:")) duration = Number.parseFloat(trimmed.slice("#EXTINF:".length));
    else if (trimmed && !trimmed.startsWith("#")) {
      entries.push({ uri: trimmed, duration });
      duration = null;
    }
  }
  return entries;
}
