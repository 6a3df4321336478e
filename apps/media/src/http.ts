// The gateway's HTTP face: the camera-server protocol the worker drives
// (with idempotency keys, as @clubcast/camera-protocol defines), the asset
// updates after a privacy change, and nginx's publish callbacks.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { ASSET_UPDATE_TARGETS } from "@clubcast/shared/jobs";
import { IDEMPOTENCY_HEADER, cameraCommandOfPath } from "@clubcast/camera-protocol";
import { Refusal, type Gateway } from "./gateway.ts";

interface Answer {
  status: number;
  body: unknown;
}

/** Answers kept for repeated idempotency keys (a retried job gets the first answer, without a second effect). */
const ANSWERS_KEPT = 10_000;
const BODY_LIMIT = 64 * 1024;

const isPositiveInt = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647;
const isInstant = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      data += chunk;
      if (data.length > BODY_LIMIT) reject(new Refusal(413, "the body is too large"));
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, { status, body }: Answer): void {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function jsonObject(raw: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    throw new Refusal(400, "the body must be JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new Refusal(400, "the body must be a JSON object");
  return body as Record<string, unknown>;
}

function commandBody(command: string, body: Record<string, unknown>) {
  if (!isPositiveInt(body.match_id)) throw new Refusal(422, "match_id must be a positive integer");
  if (command === "schedule" || command === "restore") {
    if (!isInstant(body.starting_at) || !isInstant(body.stopping_at)) {
      throw new Refusal(422, "starting_at and stopping_at must be ISO 8601 instants");
    }
  }
  return body as { match_id: number; starting_at?: string; stopping_at?: string };
}

/**
 * `gatewayOf` answers the gateway: the server listens before it exists, since a gateway is known to the others
 * by the URL it listens on (a request before it does is answered 503, and retried).
 */
export function createGatewayHttpServer(gatewayOf: () => Gateway | undefined, log: (line: string) => void): Server {
  const answers = new Map<string, Promise<Answer>>();

  async function answerOf(work: () => unknown): Promise<Answer> {
    try {
      return { status: 200, body: await work() };
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: { message: error.message } };
      log(`a request failed: ${(error as Error).stack}`);
      return { status: 500, body: { message: "the media gateway failed; see its log" } };
    }
  }

  /** Runs a protocol call once per idempotency key. */
  async function once(request: IncomingMessage, work: (body: Record<string, unknown>) => unknown): Promise<Answer> {
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()] as string | undefined;
    const earlier = key ? answers.get(key) : undefined;
    if (earlier) return earlier;
    const answer = answerOf(async () => work(jsonObject(await readBody(request))));
    if (key) {
      answers.set(key, answer);
      if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
      // A failure may be retried for real.
      void answer.then(({ status }) => status >= 500 && answers.delete(key));
    }
    return answer;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? "/", "http://gateway");
    const method = request.method ?? "GET";
    if (method === "GET" && pathname === "/health") return send(response, { status: 200, body: { ok: true } });
    const gateway = gatewayOf();
    if (!gateway) throw new Refusal(503, "the media gateway is starting");

    // nginx's callbacks (form-encoded): 2xx lets the publisher in, 403 refuses it.
    if (method === "POST" && ["/rtmp/publish", "/rtmp/publish-done", "/rtmp/play"].includes(pathname)) {
      const form = new URLSearchParams(await readBody(request));
      const [app, name, address] = [form.get("app") ?? "", form.get("name") ?? "", form.get("addr") ?? ""];
      // Only loopback may play (nginx's own rule): that is the gateway's writer.
      if (pathname === "/rtmp/play") {
        gateway.onPlay(app, name);
        return send(response, { status: 200, body: { ok: true } });
      }
      if (pathname === "/rtmp/publish-done") {
        await gateway.onPublishDone(app, name);
        return send(response, { status: 200, body: { ok: true } });
      }
      const allowed = await gateway.onPublish(app, name, address).catch((error: Error) => {
        log(`deciding on a publisher failed, refusing it: ${error.message}`);
        return false;
      });
      return send(response, { status: allowed ? 200 : 403, body: { allowed } });
    }

    const camera = /^\/cameras\/([^/]+)\/(.+)$/.exec(pathname);
    const command = camera ? cameraCommandOfPath(camera[2]!) : null;
    if (method === "POST" && camera && command) {
      const cameraId = decodeURIComponent(camera[1]!);
      return send(
        response,
        await once(request, (body) => gateway.command(command, cameraId, commandBody(command, body))),
      );
    }

    const asset = /^\/assets\/([^/]+)$/.exec(pathname);
    const target = ASSET_UPDATE_TARGETS.find((known) => known === asset?.[1]);
    if (method === "POST" && target) {
      return send(
        response,
        await once(request, (body) => {
          if (!isPositiveInt(body.matchId)) throw new Refusal(422, "matchId must be a positive integer");
          if (typeof body.isPrivate !== "boolean") throw new Refusal(422, "isPrivate must be a boolean");
          gateway.setPrivacy(body.matchId, body.isPrivate);
          return { target, matchId: body.matchId, isPrivate: body.isPrivate };
        }),
      );
    }
    send(response, { status: 404, body: { message: `no route ${method} ${pathname}` } });
  }

  return createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof Refusal) return send(response, { status: error.status, body: { message: error.message } });
      log(`${request.method} ${request.url} failed: ${(error as Error).stack}`);
      send(response, { status: 500, body: { message: "the media gateway failed; see its log" } });
    });
  });
}
