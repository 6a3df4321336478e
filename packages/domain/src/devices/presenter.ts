import type { Computer, Router } from "@clubcast/db";
import { idAndName } from "../core/presenters.ts";
import type { DeviceOutput } from "./schemas.ts";

export const deviceWithClub = { club: idAndName } as const;

export type DeviceWithClub = (Computer | Router) & { club: { id: number; name: string } | null };

export function presentDevice(device: DeviceWithClub): DeviceOutput {
  return {
    id: device.id,
    name: device.name,
    club: device.club,
    address: device.address,
    serial: device.serial,
    created_at: device.createdAt.toISOString(),
  };
}
