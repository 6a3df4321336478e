// The simulator's control interface (/_sim/...), for tests, benchmarks and
// demos: what it was called with, and faults to inject.
import type { AssetUpdateTarget, CameraCommand } from "@clubcast/shared/jobs";

export type CallOutcome =
  /** Not answered yet (e.g. held by the slow fault). */
  | "pending"
  /** Answered 2xx with its effect applied: the one that counts. */
  | "effect"
  /** A repeated idempotency key: the first answer again, no second effect. */
  | "replay"
  /** Failed on purpose by POST /_sim/faults. */
  | "fault"
  /** Refused by the camera's rules (4xx), like a real server would. */
  | "refused";

export interface SimCall {
  seq: number;
  method: string;
  path: string;
  command: CameraCommand | null;
  camera_id: string | null;
  asset_target: AssetUpdateTarget | null;
  body: unknown;
  idempotency_key: string | null;
  outcome: CallOutcome;
  status: number | null;
  received_at: string;
  answered_at: string | null;
}

export interface SimFaults {
  /** The next this many matching calls answer fail_status. */
  fail_next: number;
  fail_status: number;
  fail_message: string;
  /** Every matching call waits this long before its effect. */
  delay_ms: number;
  /** Only calls whose path starts with this are affected (null: all). */
  path_prefix: string | null;
}

export const NO_FAULTS: SimFaults = {
  fail_next: 0,
  fail_status: 503,
  fail_message: "camera server unavailable (simulated)",
  delay_ms: 0,
  path_prefix: null,
};

/** An HTTP client of a running simulator's control interface. */
export function createSimulatorControl(simulatorUrl: string) {
  const base = simulatorUrl.replace(/\/+$/, "");
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    calls: async () => (await call<{ calls: SimCall[] }>("GET", "/_sim/calls")).calls,
    setFaults: (faults: Partial<SimFaults>) => call<SimFaults>("POST", "/_sim/faults", faults),
    reset: () => call<{ ok: true }>("POST", "/_sim/reset", {}),
  };
}
export type SimulatorControl = ReturnType<typeof createSimulatorControl>;
