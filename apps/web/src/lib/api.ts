// REST calls to /v1 (the sign-in flows use the spec's own endpoints).
import { requestHeaders, sessionMarker } from "../auth/session.ts";
import { beginActivity } from "./activity.ts";
import { reportUnauthorized } from "./unauthorized.ts";

/** A 422's failures as message keys and values (the server's `issues`), for the forms' own wording. */
export type FieldIssues = Record<string, { key: string; params: Record<string, string | number> }[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> | null = null,
    readonly issues: FieldIssues | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ErrorAnswer {
  message?: string;
  errors?: Record<string, string[]>;
  issues?: FieldIssues;
}

interface FetchInit {
  method?: string;
  body?: unknown;
  /** A sign-in: its 401 means bad credentials, never an ended session. */
  signIn?: boolean;
}

export async function apiFetch<T>(path: string, init: FetchInit = {}): Promise<T> {
  const hadSession = !init.signIn && sessionMarker() !== null;
  const headers = requestHeaders();
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const done = beginActivity();
  try {
    const response = await fetch(path, {
      method: init.method ?? "GET",
      headers,
      credentials: "same-origin",
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      const { message, errors, issues } = (answer ?? {}) as ErrorAnswer;
      // A refused login is a 401 too; only a refused session means the session ended.
      if (response.status === 401 && hadSession) reportUnauthorized();
      throw new ApiError(response.status, message ?? response.statusText, errors ?? null, issues ?? null);
    }
    return answer as T;
  } finally {
    done();
  }
}
