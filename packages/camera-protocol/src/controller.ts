// A camera controller's client of the API (the simulator's, the media
// gateway's): signs in with API-client credentials and reports that a live
// stream is ready and that a recording finished.
export interface ControllerCredentials {
  /** The API's base URL, e.g. http://127.0.0.1:3000 */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface StreamReadyReport {
  matchId: number;
  liveHlsUrl: string | null;
}

export interface RecordingFinishedReport {
  matchId: number;
  startedAt: Date;
  endedAt: Date;
  vodHlsUrl: string | null;
}

export interface ControllerReporter {
  /** Posts to the API as the machine and answers the parsed JSON (4xx/5xx throw ApiAnswerError). */
  report(path: string, body: unknown): Promise<unknown>;
  /** The configuration is up (what monitoring shows). */
  heartbeat(): Promise<void>;
  streamReady(report: StreamReadyReport): Promise<void>;
  recordingFinished(report: RecordingFinishedReport): Promise<void>;
}

export class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    path: string,
    body: string,
  ) {
    super(`POST ${path} answered ${status}: ${body}`);
  }
}

export function createControllerReporter({
  apiUrl,
  clientId,
  clientSecret,
}: ControllerCredentials): ControllerReporter {
  const base = apiUrl.replace(/\/+$/, "");
  let token: Promise<string> | null = null;

  async function post(path: string, body: unknown, bearer?: string): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiAnswerError(response.status, path, text);
    return text ? JSON.parse(text) : null;
  }

  function accessToken(): Promise<string> {
    token ??= (
      post("/v1/camera/token", { client_id: clientId, client_secret: clientSecret }) as Promise<{
        access_token: string;
      }>
    ).then((answer) => answer.access_token);
    token.catch(() => (token = null));
    return token;
  }

  /** Posts as the camera controller; an expired or revoked token is exchanged once for a new one. */
  async function report(path: string, body: unknown): Promise<unknown> {
    try {
      return await post(path, body, await accessToken());
    } catch (error) {
      if (!(error instanceof ApiAnswerError && error.status === 401)) throw error;
      token = null;
      return await post(path, body, await accessToken());
    }
  }

  return {
    report,
    heartbeat: async () => void (await report("/v1/camera/heartbeat", { status: "online" })),
    streamReady: async ({ matchId, liveHlsUrl }) =>
      void (await report("/v1/camera/stream-ready", { match_id: matchId, live_hls_url: liveHlsUrl })),
    recordingFinished: async ({ matchId, startedAt, endedAt, vodHlsUrl }) =>
      void (await report("/v1/camera/recording-finished", {
        match_id: matchId,
        started_at: startedAt.toISOString(),
        ended_at: endedAt.toISOString(),
        vod_hls_url: vodHlsUrl,
      })),
  };
}
