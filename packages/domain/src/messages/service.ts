// Feature-update notifications: read in the caller's language, posted by
// system administrators (who tell every user of that language at once).
import { CHANNELS, EVENTS } from "@clubcast/shared";
import type { Notification } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { written } from "../core/answers.ts";
import { ForbiddenError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { isSystem, requireUser } from "../core/policy.ts";
import type { CreateFeatureUpdateInput } from "./schemas.ts";

function presentNotification(notification: Notification) {
  return {
    id: notification.id,
    lang: notification.lang,
    content: notification.content,
    created_at: notification.createdAt.toISOString(),
  };
}

export function createMessagesService({ prisma, outbox }: Deps) {
  async function listFeatureUpdates(query: PageQuery, ctx: RequestContext) {
    requireUser(ctx);
    const where = { lang: ctx.locale };
    const [notifications, total] = await Promise.all([
      prisma.notification.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(query) }),
      prisma.notification.count({ where }),
    ]);
    const data = notifications.map(presentNotification);
    return paged(data, total, query, translate(ctx.locale, "not_found.feature_updates"));
  }

  async function createFeatureUpdate(input: CreateFeatureUpdateInput, ctx: RequestContext) {
    // A platform-wide announcement: no dashboard section covers it, so system administrators only.
    if (!isSystem(requireUser(ctx))) throw new ForbiddenError();
    const notification = await outbox.transaction(async (tx, post) => {
      const created = await tx.notification.create({ data: { lang: input.lang, content: input.content } });
      const readers = await tx.user.findMany({ where: { locale: input.lang }, select: { id: true } });
      for (const { id } of readers) {
        post.events.publish(CHANNELS.user(id), EVENTS.userMessage, { key: "notification.new", level: "success" });
      }
      return created;
    });
    return written(presentNotification(notification), translate(ctx.locale, "messages.feature_update_posted"));
  }

  return { listFeatureUpdates, createFeatureUpdate };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
