// How a field (pitch) looks in API answers (spec section 3, "Field").
import type { Prisma } from "@clubcast/db";
import { flagOf, idAndName } from "../core/presenters.ts";
import { presentSport, sportSelect } from "../sports/presenter.ts";

export const fieldWithNames = {
  club: idAndName,
  sport: { select: sportSelect },
} satisfies Prisma.FieldInclude;
export type FieldWithNames = Prisma.FieldGetPayload<{ include: typeof fieldWithNames }>;

export function presentField(field: FieldWithNames) {
  return {
    id: field.id,
    name: field.name,
    portable: flagOf(field.portable),
    club: field.club,
    sport: presentSport(field.sport),
  };
}
