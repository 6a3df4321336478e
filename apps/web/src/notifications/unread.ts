// The unread count of the notification bell (spec section 4): the notifications
// in the current language created after the last-read time kept in local
// storage, all of them when none is kept. Opening the modal stores the time.
import type { LocaleCode } from "@clubcast/shared";

export interface FeatureUpdate {
  id: number;
  lang: string;
  content: string;
  created_at: string;
}

const storageKey = (userId: number) => `clubcast.notifications.last-read.${userId}`;

export function readLastRead(userId: number): number | null {
  const stored = Number(window.localStorage.getItem(storageKey(userId)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function storeLastRead(userId: number, at: number): void {
  window.localStorage.setItem(storageKey(userId), String(at));
}

export function unreadCount(updates: readonly FeatureUpdate[], locale: LocaleCode, lastRead: number | null): number {
  return updates.filter(
    (update) => update.lang === locale && (lastRead === null || Date.parse(update.created_at) > lastRead),
  ).length;
}
