// How a sport looks in API answers.
import type { Sport } from "@clubcast/db";

export const sportSelect = { id: true, slug: true, name: true, type: true } as const;

export function presentSport(sport: Pick<Sport, "id" | "slug" | "name" | "type">) {
  return { id: sport.id, slug: sport.slug, name: sport.name, type: sport.type };
}

export type PresentedSport = ReturnType<typeof presentSport>;
