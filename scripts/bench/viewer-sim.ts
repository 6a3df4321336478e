// Simulated low-latency HLS viewers for `npm run bench:latency`, run in a process of their own
// (`tsx scripts/bench/viewer-sim.ts <media playlist URL> <viewers> <seconds>`) so the API they load keeps
// its own event loop. Each polls as hls.js does in lowLatencyMode: one plain load of the media playlist,
// then blocking reloads for the next part (`_HLS_msn`/`_HLS_part`, with `_HLS_skip=YES` for a delta
// update), fetching every new part as each reload lists it. Prints one JSON line: requests made, failures,
// and for each part URI the times (ms, wall clock) viewers finished downloading it.

// A module (top-level await), though it exports nothing.
export {};

interface Listed {
  /** Media sequence number of the segment under way. */
  underWay: number;
  /** Parts listed by segment number (the last segments' and the one under way's), in order. */
  parts: Map<number, string[]>;
}

/** What a live media playlist (whole or delta update) lists of its last segments' parts. */
function listedOf(text: string): Listed {
  let msn = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text)?.[1] ?? 0);
  msn += Number(/^#EXT-X-SKIP:SKIPPED-SEGMENTS=(\d+)/m.exec(text)?.[1] ?? 0);
  const parts = new Map<number, string[]>();
  for (const line of text.split("\n")) {
    const part = /^#EXT-X-PART:.*URI="([^"]+)"/.exec(line);
    if (part) parts.set(msn, [...(parts.get(msn) ?? []), part[1]!]);
    else if (line && !line.startsWith("#")) msn += 1;
  }
  return { underWay: msn, parts };
}

async function viewer(
  url: string,
  until: number,
  done: Map<string, number[]>,
  counts: { requests: number; failed: number },
) {
  const get = async (target: string) => {
    counts.requests += 1;
    const response = await fetch(target);
    const body = await response.text();
    if (!response.ok) counts.failed += 1;
    return { ok: response.ok, body };
  };
  let listed = listedOf((await get(url)).body);
  // Starts at the newest part, as a low-latency player does (PART-HOLD-BACK aside).
  let msn = listed.underWay;
  let part = Math.max(0, (listed.parts.get(msn)?.length ?? 0) - 1);
  while (Date.now() < until) {
    const answer = await get(`${url}?_HLS_msn=${msn}&_HLS_part=${part}&_HLS_skip=YES`);
    if (!answer.ok) continue;
    listed = listedOf(answer.body);
    // Every part from the one asked for on.
    for (let segment = msn; segment <= listed.underWay; segment++) {
      const uris = listed.parts.get(segment) ?? [];
      for (const uri of uris.slice(segment === msn ? part : 0)) {
        const fetched = await get(new URL(uri, url).href);
        if (fetched.ok) done.set(uri, [...(done.get(uri) ?? []), Date.now()]);
      }
    }
    const pending = listed.parts.get(listed.underWay)?.length ?? 0;
    if (listed.underWay > msn || pending > part) {
      msn = listed.underWay;
      part = pending;
    }
  }
}

const [url, viewers, seconds] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const until = Date.now() + seconds * 1000;
const done = new Map<string, number[]>();
const counts = { requests: 0, failed: 0 };
const started = Date.now();
// Viewers join over the first second, not in one burst.
await Promise.all(
  Array.from({ length: viewers }, async (_, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index * 1000) / viewers));
    await viewer(url, until, done, counts).catch(() => (counts.failed += 1));
  }),
);
console.log(JSON.stringify({ ...counts, seconds: (Date.now() - started) / 1000, done: Object.fromEntries(done) }));
process.exit(0);
