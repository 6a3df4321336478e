// Issue 25 with real cuts: one club's flood, up to its limit, does not hold back another
// club's clip (the queue takes each club's first waiting cut before any club's next), and
// no cut starts while the media disk is under its free-space margin.
import { afterAll, beforeAll, expect, it } from "vitest";
import { clipCutJobId } from "@clubcast/shared/jobs";
import { eventually } from "@clubcast/testkit";
import { createMember, type Member } from "@clubcast/testkit/api";
import { createClub } from "@clubcast/testkit/factories";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { addMarker, matchWithVod, settledClip } from "./clip-support.ts";
import { startJobStack, type JobStack } from "./support.ts";

const stack = {} as JobStack;
beforeAll(async () => {
  expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true);
  Object.assign(stack, await startJobStack());
});
afterAll(() => stack.close?.());

/** A marker of `member` on the match; answers the request's answer. */
async function mark(member: Member, matchId: number, timeMs: number) {
  const sequence = await stack.http.post(`/v1/matches/${matchId}/sequences`, {}, member.token);
  expect(sequence.statusCode).toBe(201);
  return stack.http.post(
    `/v1/sequences/${sequence.json().data.id}/markers`,
    { time_ms: timeMs, label: `moment at ${timeMs}` },
    member.token,
  );
}

const clipOf = (markerId: number) => stack.t.deps.prisma.clip.findUniqueOrThrow({ where: { markerId } });

it("cuts another club's clip right after a flooding club's first cut, the flood capped at its limit", async () => {
  const { t } = stack;
  const limits = t.deps.config.clipCutLimits;
  t.deps.config.clipCutLimits = { perClub: 6, perUser: 6 };
  try {
    // The stack's club floods its match with markers: six are taken, the rest refused.
    const flooded = await matchWithVod(stack, { seconds: 20 });
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push(await mark(stack.admin, flooded.id, 1000 + i * 2000));
    expect(flood.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);

    // Then another club's admin marks one moment of their own match.
    const other = await createClub(t.deps.prisma, { name: "Other Club" });
    const otherAdmin = await createMember(t, { scope: "club", clubId: other.id });
    const match = await matchWithVod(stack, { seconds: 20 });
    await t.deps.prisma.match.update({ where: { id: match.id }, data: { clubId: other.id } });
    const theirs = await mark(otherAdmin, match.id, 10_000);
    expect(theirs.statusCode).toBe(201);

    // One cut at a time, so the order the worker takes them is the order they run in.
    stack.settings.mediaConcurrency = 1;
    stack.startWorkers();
    const markers = [...flood.slice(0, 6), theirs].map((res) => res.json().data.id as number);
    const clips = await Promise.all(markers.map(clipOf));
    const jobs = await eventually(
      async () => {
        const found = await Promise.all(
          clips.map((clip) => t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId: clip.id, version: clip.version }))),
        );
        return found.every((job) => job?.finishedOn) && found;
      },
      "every cut finished",
      180_000,
    );
    const started = jobs.map((job, i) => ({ club: i < 6 ? "flooding" : "other", at: job!.processedOn! }));
    const order = started.sort((a, b) => a.at - b.at).map((cut) => cut.club);
    // The flooding club's first cut may already run; the other club's comes next, before the five others.
    expect(order.indexOf("other")).toBeLessThanOrEqual(1);
    const states = await t.deps.prisma.clip.findMany({ where: { id: { in: clips.map((clip) => clip.id) } } });
    expect(states.map((clip) => clip.state)).toEqual(Array(7).fill("ready"));
  } finally {
    t.deps.config.clipCutLimits = limits;
  }
}, 240_000);

it("starts no cut while the media disk has less free space than MEDIA_MIN_FREE_MB: the clip fails saying so", async () => {
  const { t } = stack;
  const margin = t.deps.config.mediaMinFreeBytes;
  // More than any disk has free.
  t.deps.config.mediaMinFreeBytes = Number.MAX_SAFE_INTEGER;
  try {
    const match = await matchWithVod(stack, { seconds: 10 });
    const markerId = await addMarker(stack, match.id, 5_000);
    const clip = await settledClip(stack, match.id, markerId);
    expect(clip.state).toBe("failed");
    expect(clip.failure_reason).toMatch(/^not cut: the media disk has \d+ MB free, less than the \d+ MB kept free/);
    expect(clip.video_url).toBeNull();
  } finally {
    t.deps.config.mediaMinFreeBytes = margin;
  }
});
