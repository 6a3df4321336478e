import { describe, expect, it, vi } from "vitest";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const notificationCount = () => t.deps.prisma.notification.count();

describe("GET /v1/messages/feature-update", () => {
  it("lists the notifications of the caller's language, newest first", async () => {
    const { prisma } = t.deps;
    const older = await prisma.notification.create({
      data: { lang: "nl", content: "Oud nieuws", createdAt: new Date("2026-01-01T10:00:00Z") },
    });
    const newer = await prisma.notification.create({
      data: { lang: "nl", content: "##Nieuw##[break]*Samenvattingen*", createdAt: new Date("2026-02-01T10:00:00Z") },
    });
    const english = await prisma.notification.create({ data: { lang: "en", content: "News" } });

    const dutch = await http.get("/v1/messages/feature-update", cast.playerA.token, {
      "accept-language": "nl-NL,nl;q=0.9",
    });
    expect(dutch.statusCode).toBe(200);
    expect(dutch.json().data).toEqual([
      { id: newer.id, lang: "nl", content: "##Nieuw##[break]*Samenvattingen*", created_at: "2026-02-01T10:00:00.000Z" },
      { id: older.id, lang: "nl", content: "Oud nieuws", created_at: "2026-01-01T10:00:00.000Z" },
    ]);
    expect(dutch.json().meta).toMatchObject({ total: 2, current_page: 1 });

    const fallback = await http.get("/v1/messages/feature-update", cast.playerA.token);
    expect(fallback.json().data.map((n: { id: number }) => n.id)).toEqual([english.id]);
    const german = await http.get("/v1/messages/feature-update", cast.playerA.token, { "accept-language": "de" });
    expect(german.json()).toMatchObject({ data: [], message: "Keine Funktionsneuheiten gefunden", meta: { total: 0 } });
  });

  it("needs sign-in", async () => {
    expect((await http.get("/v1/messages/feature-update")).statusCode).toBe(401);
  });
});

describe("POST /v1/messages/feature-update", () => {
  it("stores a system administrator's update and tells every user of that language", async () => {
    const germanReaders = [await createUser(t.deps.prisma), await createUser(t.deps.prisma)];
    for (const reader of germanReaders) {
      await t.deps.prisma.user.update({ where: { id: reader.id }, data: { locale: "de" } });
    }
    const publish = vi.spyOn(t.deps.outbox.events, "publish");
    try {
      const res = await http.post(
        "/v1/messages/feature-update",
        { lang: "de", content: " Neue Funktionen " },
        cast.system.token,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        data: { lang: "de", content: "Neue Funktionen" },
        message: "Feature update posted",
      });
      const germanIds = (await t.deps.prisma.user.findMany({ where: { locale: "de" }, select: { id: true } })).map(
        (u) => u.id,
      );
      expect(germanIds).toEqual(expect.arrayContaining(germanReaders.map((u) => u.id)));
      expect(publish.mock.calls.map(([channel]) => channel).sort()).toEqual(
        germanIds.map((id) => CHANNELS.user(id)).sort(),
      );
      for (const [, event, payload] of publish.mock.calls) {
        expect(event).toBe(EVENTS.userMessage);
        expect(payload).toEqual({ key: "notification.new", level: "success" });
      }
    } finally {
      publish.mockRestore();
    }
    const listed = await http.get("/v1/messages/feature-update", cast.playerA.token, { "accept-language": "de" });
    expect(listed.json().data[0]).toMatchObject({ content: "Neue Funktionen" });
  });

  it("answers 422 naming the field, storing nothing", async () => {
    const before = await notificationCount();
    for (const [payload, field] of [
      [{ lang: "fr", content: "Bonjour" }, "lang"],
      [{ lang: "en", content: "   " }, "content"],
      [{ content: "No language" }, "lang"],
      [{ lang: "en", content: "x", pinned: true }, "pinned"],
    ] as const) {
      const res = await http.post("/v1/messages/feature-update", payload, cast.system.token);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await notificationCount()).toBe(before);
  });

  it("is for system administrators only, storing and publishing nothing otherwise", async () => {
    const before = await notificationCount();
    const publish = vi.spyOn(t.deps.outbox.events, "publish");
    try {
      const payload = { lang: "en", content: "Spam" };
      expect((await http.post("/v1/messages/feature-update", payload, cast.adminA.token)).statusCode).toBe(403);
      expect((await http.post("/v1/messages/feature-update", payload, cast.playerA.token)).statusCode).toBe(403);
      expect((await http.post("/v1/messages/feature-update", payload)).statusCode).toBe(401);
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
    expect(await notificationCount()).toBe(before);
  });
});

describe("messages over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const created = await http.mutation(
      "messages.createFeatureUpdate",
      { lang: "nl", content: "Via tRPC" },
      cast.system.token,
    );
    expect(created.json().result.data.data.lang).toBe("nl");
    const refused = await http.mutation(
      "messages.createFeatureUpdate",
      { lang: "nl", content: "x" },
      cast.adminA.token,
    );
    expect(refused.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: "GET",
      url: `/trpc/messages.featureUpdates?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 1 }))}`,
      headers: { authorization: `Bearer ${cast.playerA.token}`, "accept-language": "nl" },
    });
    expect(listed.json().result.data.data[0].content).toBe("Via tRPC");
  });
});
