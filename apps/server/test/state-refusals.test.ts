// A change the record's state forbids answers 409 with its reason as the first
// message of `errors` (spec section 5: a client shows that message), over REST
// and tRPC alike, in the caller's language.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Configuration, Field, MatchStatus } from "@clubcast/db";
import { LOCALES, MATCH_STATUSES, canTransition, type MatchEvent } from "@clubcast/shared";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createConfiguration, createField, createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let field: Field;
let camera: Configuration;

beforeAll(async () => {
  field = await createField(t.deps.prisma, cast.clubA.id);
  camera = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id, fieldId: field.id });
});

/** The spec's four commands (section 5): REST path, tRPC procedure and state-machine event. */
const COMMANDS = [
  { path: "schedule", procedure: "matches.schedule", event: "schedule" },
  { path: "unschedule", procedure: "matches.unschedule", event: "unschedule" },
  { path: "startrecording", procedure: "matches.startRecording", event: "startRecording" },
  { path: "stoprecording", procedure: "matches.stopRecording", event: "stopRecording" },
] as const satisfies readonly { path: string; procedure: string; event: MatchEvent }[];

const REFUSALS = MATCH_STATUSES.flatMap((status) =>
  COMMANDS.filter(({ event }) => !canTransition(status, event)).map((command) => ({ status, command })),
);

const matchOfA = (status: MatchStatus, configurationId?: number) =>
  createMatch(t.deps.prisma, { clubId: cast.clubA.id, fieldId: field.id, status, configurationId });

/** What a spec client shows of a refusal: the first message of the first field of `errors`. */
const firstMessage = (errors: Record<string, string[]> | null | undefined) => Object.values(errors ?? {})[0]?.[0];

describe("a refused camera command", () => {
  it("answers 409 with the reason as the first message of `errors`, the same over REST and tRPC", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REFUSALS),
        fc.constantFrom(...LOCALES),
        async ({ status, command }, locale) => {
          const match = await matchOfA(status);
          const rest = await t.app.inject({
            method: "POST",
            url: `/v1/clubs/${cast.clubA.id}/matches/${match.id}/${command.path}`,
            headers: { authorization: `Bearer ${cast.adminA.token}`, "accept-language": locale },
          });
          expect(rest.statusCode).toBe(409);
          const body = rest.json();
          expect(body.message).toMatch(new RegExp(`\\b${status}\\b`));
          expect(firstMessage(body.errors)).toBe(body.message);
          expect(body.errors).toEqual({ match: [body.message] });

          const trpc = await t.app.inject({
            method: "POST",
            url: `/trpc/${command.procedure}`,
            headers: {
              authorization: `Bearer ${cast.adminA.token}`,
              "accept-language": locale,
              "content-type": "application/json",
            },
            payload: JSON.stringify({ club: cast.clubA.id, match: match.id }),
          });
          expect(trpc.statusCode).toBe(409);
          const { error } = trpc.json();
          expect(error.message).toBe(body.message);
          expect(error.data.errors).toEqual(body.errors);
          expect(error.data.issues).toEqual(body.issues);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("names the busy camera's match as the first message of `errors` when recording would take its camera", async () => {
    const live = await matchOfA("live", camera.id);
    const scheduled = await matchOfA("scheduled");
    const res = await http.post(
      `/v1/clubs/${cast.clubA.id}/matches/${scheduled.id}/startrecording`,
      {},
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The camera is busy recording match ${live.id}: stop that recording first.`);
    expect(firstMessage(res.json().errors)).toBe(res.json().message);
  });
});
