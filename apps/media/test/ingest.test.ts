// Match day with real publishers: a camera whose network goes away without
// closing its connection (half-open) is replaced by its reconnect within
// seconds, and the recording joins both sessions; a scheduled match on a
// gateway camera goes live at kick-off and on demand at its end with nobody
// pressing a button; a match nobody published in does not pretend to have video;
// a codec the gateway can't take is refused with a reason the club's admin
// reads; and each camera's link figures reach the Streams page.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { eventually } from "@clubcast/testkit";
import {
  bestRendition,
  expectRecordedSpan,
  previewOf,
  previews,
  publish,
  rtmpUrl,
  srtUrl,
  useGatewayStack,
  type MatchAnswer,
} from "./support.ts";

const stack = useGatewayStack();

/** The pid of the gateway's writer reading this key's stream from nginx (it writes into a spool folder). */
function writerPid(streamKey: string): number {
  const ps = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  const rows = ps.split("\n").filter((row) => row.includes(`/live/${streamKey} `) && row.includes("spool-"));
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.trim().split(/\s+/)[0]);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function matchWhen(matchId: number, ready: (match: MatchAnswer) => boolean, what: string, timeoutMs = 20_000) {
  return eventually(
    async () => {
      const match = await stack.match(matchId);
      return ready(match) && match;
    },
    `match ${matchId}: ${what}`,
    timeoutMs,
  );
}

describe("a camera whose network goes away without closing the connection", () => {
  it("is replaced by its reconnect within seconds, and the recording joins both sessions", async () => {
    const configuration = await stack.configuration({
      streamKey: "half-open-7b7b",
      livestream: "rtmp",
      passthrough: true,
    });
    const match = await stack.createMatch(configuration);
    await stack.command(match.id, "startrecording");
    const first = publish(rtmpUrl(stack.gateway, "half-open-7b7b"));
    await matchWhen(match.id, (answer) => answer.status === "live" && answer.live_hls_url !== null, "live");
    await sleep(3000);

    // The network is gone: the connection stays open, nothing more arrives (nginx would drop it after 10 s).
    first.child.kill("SIGSTOP");
    await sleep(5000);
    const reconnectAt = Date.now();
    const second = publish(rtmpUrl(stack.gateway, "half-open-7b7b"));
    await eventually(
      async () => stack.log().includes("sent nothing for a while; 127.0.0.1 replaces it"),
      "the reconnect to replace the half-open publisher",
      10_000,
    );
    expect(Date.now() - reconnectAt).toBeLessThan(3000);
    const live = await stack.match(match.id);
    await eventually(
      async () => (await bestRendition(live.live_hls_url!)).discontinuities > 0,
      "the reconnect's session in the live stream",
      15_000,
    );
    await sleep(4000);
    expect(second.child.exitCode, "the reconnect is still publishing").toBeNull();

    await stack.command(match.id, "stoprecording");
    const onDemand = await matchWhen(match.id, (answer) => answer.status === "vod", "on demand");
    const vod = await bestRendition(onDemand.vod_hls_url!);
    expect(vod.discontinuities).toBe(1);
    // Both sessions are whole: the first up to the network loss, the second from the reconnect's first frame.
    expect(vod.parts[0]!).toBeGreaterThan(3);
    expect(vod.parts[1]!).toBeGreaterThan(3.5);
    first.child.kill("SIGKILL");
    await second.stop();
  });
});

describe("a scheduled match on a gateway camera", () => {
  it("goes live at kick-off and on demand at the final whistle by itself", async () => {
    const configuration = await stack.configuration({
      streamKey: "on-schedule-8c8c",
      livestream: "rtmp",
      passthrough: true,
    });
    const camera = publish(rtmpUrl(stack.gateway, "on-schedule-8c8c"));
    await previewOf(stack, configuration);
    const match = await stack.createMatch(configuration);
    // The API takes times to the minute; the test's slot starts in seconds.
    const kickOff = Date.now() + 4000;
    const finalWhistle = kickOff + 8000;
    await stack.t.deps.prisma.match.update({
      where: { id: match.id },
      data: { startingAt: new Date(kickOff), stoppingAt: new Date(finalWhistle) },
    });
    const scheduled = await stack.http.post(
      `/v1/clubs/${stack.club.id}/matches/${match.id}/schedule`,
      {},
      stack.admin.token,
    );
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    await matchWhen(match.id, (answer) => answer.status === "scheduled", "scheduled");

    const live = await matchWhen(match.id, (answer) => answer.status === "live", "live at kick-off", 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(kickOff);
    expect(live.live_hls_url).toBe(`${stack.url}/media/matches/${match.id}/live.m3u8`);

    const onDemand = await matchWhen(match.id, (answer) => answer.status === "vod", "on demand after the slot", 20_000);
    const vod = await bestRendition(onDemand.vod_hls_url!);
    // From kick-off to the final whistle.
    expectRecordedSpan(vod, vod.duration, (finalWhistle - kickOff) / 1000, 2.5);
    expect(onDemand.poster_url).not.toBeNull();
    expect(camera.child.exitCode, "the camera keeps publishing (a preview again)").toBeNull();
    await camera.stop();
  });
});

describe("a match nobody published in", () => {
  it("ends marked as having no video, never as an on-demand match with a broken one", async () => {
    const configuration = await stack.configuration({ streamKey: "nobody-9d9d", livestream: "rtmp" });
    const match = await stack.createMatch(configuration);
    await stack.command(match.id, "startrecording");
    await matchWhen(match.id, (answer) => answer.awaiting_video, "recording, awaiting its video");
    await sleep(2000);
    // Its camera records it, but nothing plays: no video, no "live".
    expect(await stack.match(match.id)).toMatchObject({ status: "unscheduled", live_hls_url: null });
    await stack.command(match.id, "stoprecording");
    const ended = await matchWhen(
      match.id,
      (answer) => answer.recording_problem !== null,
      "marked as recorded without video",
    );
    expect(ended).toMatchObject({ status: "processing", recording_problem: "no_video", vod_hls_url: null });
    expect(ended.poster_url).toBeNull();
    expect(stack.log()).toContain(`match ${match.id} stopped without video`);
  });
});

describe("a camera that leaves just before the final whistle, its writer behind", () => {
  it("is on demand with what it sent, never reported as having no video", async () => {
    const configuration = await stack.configuration({
      streamKey: "late-tail-5e5e",
      livestream: "rtmp",
      passthrough: true,
    });
    const match = await stack.createMatch(configuration);
    await stack.command(match.id, "startrecording");
    // A 10-second keyframe interval: its one segment is whole only once the writer has ended.
    const camera = publish(rtmpUrl(stack.gateway, "late-tail-5e5e"), {
      size: "320x180",
      video: ["-c:v", "libx264", "-preset", "veryfast", "-g", "250"],
    });
    await matchWhen(match.id, (answer) => answer.status === "live", "live");
    await sleep(1500);
    // A busy machine: the writer falls behind its camera, which leaves, and the stop comes while its last
    // seconds are still on their way.
    const writer = writerPid("late-tail-5e5e");
    process.kill(writer, "SIGSTOP");
    try {
      await sleep(1500);
      await camera.stop();
      await eventually(
        async () => stack.log().includes(`publisher of configuration ${configuration.id} left`),
        "the camera to leave",
      );
      await stack.command(match.id, "stoprecording");
      await matchWhen(match.id, (answer) => answer.status !== "live", "the stop at the gateway");
    } finally {
      process.kill(writer, "SIGCONT");
    }
    const onDemand = await matchWhen(match.id, (answer) => answer.status === "vod", "on demand");
    expect(onDemand.recording_problem).toBeNull();
    expect((await bestRendition(onDemand.vod_hls_url!)).duration).toBeGreaterThan(2.5);
  });
});

describe("a camera whose codec the gateway can't take", () => {
  it("is refused over SRT, and its club's admin reads why", async () => {
    await stack.configuration({ streamKey: "hevc-srt-aeae", livestream: "srt" });
    const camera = publish(srtUrl(stack.gateway, "hevc-srt-aeae"), {
      video: ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"],
    });
    const { code } = await camera.exited;
    expect(code).not.toBe(0);
    const refusals = await eventually(async () => {
      const answer = await stack.http.get(`/v1/media-gateway/refusals?club=${stack.club.id}`, stack.admin.token);
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data as { code: string; codec: string | null; reason: string }[];
      return data.length > 0 && data;
    }, "the club's refusals to list the HEVC camera");
    expect(refusals).toContainEqual(
      expect.objectContaining({
        code: "unsupported_video_codec",
        codec: "hevc",
        reason: "unsupported video codec hevc: SRT cameras must send H.264",
      }),
    );
  });
});

describe("a camera's link", () => {
  it("shows its bitrate over RTMP and libsrt's figures over SRT on the Streams page", async () => {
    const rtmp = await stack.configuration({ streamKey: "figures-rtmp-bfbf", livestream: "rtmp", passthrough: true });
    const srt = await stack.configuration({ streamKey: "figures-srt-c0c0", livestream: "srt", passthrough: true });
    const cameras = [
      publish(rtmpUrl(stack.gateway, "figures-rtmp-bfbf")),
      publish(srtUrl(stack.gateway, "figures-srt-c0c0")),
    ];
    type Stats = Record<"rtt_ms" | "loss_percent" | "bitrate_kbps", number | null>;
    const statsOf = async (id: number) => {
      const listed = (await previews(stack)) as unknown as { configuration: { id: number }; stats: Stats | null }[];
      return listed.find((preview) => preview.configuration.id === id)?.stats ?? null;
    };
    const figures = (id: number, what: string, ready: (stats: Stats) => boolean) =>
      eventually(
        async () => {
          const stats = await statsOf(id);
          return stats !== null && ready(stats) && stats;
        },
        what,
        30_000,
      );
    const rtmpStats = await figures(rtmp.id, "RTMP figures", (stats) => stats.bitrate_kbps !== null);
    expect(rtmpStats).toMatchObject({ rtt_ms: null, loss_percent: null });
    expect(rtmpStats.bitrate_kbps).toBeGreaterThan(50);
    const srtStats = await figures(srt.id, "SRT figures", (stats) => stats.rtt_ms !== null);
    expect(srtStats).toMatchObject({ loss_percent: expect.any(Number), bitrate_kbps: expect.any(Number) });
    await Promise.all(cameras.map((camera) => camera.stop()));
  });
});
