// The API benchmark's load: autocannon runs (the rest of the benchmarks'
// plumbing is @clubcast/testkit/bench's).
import autocannon from "autocannon";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** One request of a mixed load: a path with its query, and the bearer token of a signed-in caller. */
export interface MixedRequest {
  path: string;
  authorization?: string;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The highest resident set size of this process during the run, in MB. */
  peakRssMegabytes: number;
}

/** The request that picks each request of a mixed load from a sequence file (see mixed-request.cjs). */
const MIXED_REQUEST = fileURLToPath(new URL("./mixed-request.cjs", import.meta.url));

export async function load(
  name: string,
  url: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    /** Requests in this order (whichever connection is free sends the next); else `url` each time. */
    sequence?: MixedRequest[];
  },
): Promise<LoadResult> {
  if (options.sequence) {
    const file = join(tmpdir(), `clubcast-bench-sequence-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(options.sequence));
    // The worker thread copies the environment when it starts.
    process.env.BENCH_MIXED_SEQUENCE = file;
  }
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    ...(options.sequence ? { requests: [{ setupRequest: MIXED_REQUEST }] } : {}),
    // The load comes from a thread of its own, as from another machine: on the
    // server's event loop it would queue behind the requests it measures.
    workers: 1,
  });
  clearInterval(sampler);
  const non2xx = result.non2xx ?? 0;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + non2xx,
    peakRssMegabytes: peakRss / 1024 / 1024,
  };
}
