import type { TFunction } from "i18next";
import type { RouterOutputs } from "./trpc.ts";

export type Sport = RouterOutputs["sports"]["get"]["data"];

/** A standard sport reads in the interface language; a club's own sport keeps its name. */
export function sportLabel(sport: Pick<Sport, "slug" | "type" | "name">, t: TFunction): string {
  return sport.slug === sport.type ? t(`sport_types.${sport.type}`) : sport.name;
}
