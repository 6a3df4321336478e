// The API benchmark's load: autocannon runs (the rest of the benchmarks'
// plumbing is @clubcast/testkit/bench's).
import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  name: string,
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    // The load comes from a thread of its own, as from another machine: on the
    // server's event loop it would queue behind the requests it measures.
    workers: 1,
  });
  const non2xx = result.non2xx ?? 0;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + non2xx,
  };
}
