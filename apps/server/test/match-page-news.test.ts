// A match's public page follows the match without a reload (issue 27): every move through the state
// machine and every edit is told on the match's channel (match.live when it turns live, match.changed
// otherwise), ids only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Club, Configuration, Field } from "@clubcast/db";
import { CHANNELS, EVENTS, type MatchStatus } from "@clubcast/shared";
import type { CameraCommand } from "@clubcast/shared/jobs";
import type { TestApp } from "@clubcast/testkit/app";
import { createClubWithCamera, createMatch, createUser } from "@clubcast/testkit/factories";
import { api, startApiTestApp, type Api } from "@clubcast/testkit/api";
import { listenToChannels } from "./support/channel-listener.ts";

let t: TestApp;
let http: Api;
let club: Club;
let field: Field;
let configuration: Configuration;
let clientToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await startApiTestApp();
  http = api(t);
  const site = await createClubWithCamera(t.deps.prisma);
  ({ club, field, configuration } = site);
  clientToken = await http.cameraToken(site.controller);
  adminToken = await http.login((await createUser(t.deps.prisma, { scope: "club", clubId: club.id })).email);
});
afterAll(() => t.close());

async function matchIn(status: MatchStatus) {
  return createMatch(t.deps.prisma, { clubId: club.id, configurationId: configuration.id, fieldId: field.id, status });
}

describe("the match's channel hears every move of the match", () => {
  const confirmed: [MatchStatus, CameraCommand][] = [
    ["unscheduled", "schedule"],
    ["scheduled", "unschedule"],
    ["live", "stopRecording"],
    ["vod", "restore"],
  ];
  it.each(confirmed)("a %s match whose camera confirmed %s: match.changed", async (status, command) => {
    const match = await matchIn(status);
    const page = await listenToChannels(t, [CHANNELS.match(match.id)]);
    const outcome = await t.services.matches.commandSucceeded({
      command,
      matchId: match.id,
      configurationId: configuration.id,
      requestedBy: null,
      idempotencyKey: `news-${command}-${match.id}`,
    });
    expect(outcome.applied).toBe(true);
    await page.settle();
    expect(page.events(EVENTS.matchChanged)).toEqual([{ match: match.id }]);
    await page.close();
  });

  it("a live match whose recording finished with a video: match.changed, once however often reported", async () => {
    const match = await matchIn("live");
    const page = await listenToChannels(t, [CHANNELS.match(match.id)]);
    const report = {
      match_id: match.id,
      started_at: "2030-05-01T14:00:00Z",
      ended_at: "2030-05-01T15:45:00Z",
      vod_hls_url: "http://camera-server.test/vod/news.m3u8",
    };
    for (let i = 0; i < 2; i++) {
      expect((await http.post("/v1/camera/recording-finished", report, clientToken)).statusCode).toBe(200);
    }
    await page.settle();
    expect(page.events(EVENTS.matchChanged)).toEqual([{ match: match.id }]);
    await page.close();
  });

  it("an edited kick-off: match.changed", async () => {
    const match = await matchIn("unscheduled");
    const page = await listenToChannels(t, [CHANNELS.match(match.id)]);
    const res = await http.put(
      `/v1/clubs/${club.id}/matches/${match.id}`,
      { start: "20:30", stop: "22:00" },
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    await page.settle();
    expect(page.events(EVENTS.matchChanged)).toEqual([{ match: match.id }]);
    await page.close();
  });
});
