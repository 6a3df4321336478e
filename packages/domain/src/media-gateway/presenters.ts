// How the gateway's refusals and connected publishers look in answers.
import type { Prisma } from "@clubcast/db";
import { idAndName } from "../core/presenters.ts";
import type { ClubRefusal, Refusal } from "./schemas.ts";

export const refusedConfigurationSelect = {
  id: true,
  barcode: true,
  fieldId: true,
  field: idAndName,
} as const satisfies Prisma.ConfigurationSelect;
export type RefusedConfiguration = Prisma.ConfigurationGetPayload<{ select: typeof refusedConfigurationSelect }>;

/** A logged refusal as the staff of the configuration's club see it: their camera and field, no key. */
export function presentClubRefusal(refusal: Refusal, configuration: RefusedConfiguration): ClubRefusal {
  return {
    id: refusal.id,
    at: refusal.at,
    protocol: refusal.protocol,
    code: refusal.code,
    codec: refusal.codec,
    reason: refusal.reason,
    address: refusal.address,
    count: refusal.count,
    configuration: { id: configuration.id, barcode: configuration.barcode },
    field: configuration.field,
  };
}
