// Reading the channel names of @clubcast/shared's CHANNELS back into what they address.
import { CHANNELS } from "@clubcast/shared";
import { MAX_INT } from "../core/schemas.ts";

export type Channel =
  | { kind: "match"; matchId: number }
  | { kind: "matches" }
  | { kind: "user"; userId: number }
  | { kind: "chat"; matchId: number };

const WITH_ID = /^(match|user|chat)\.([1-9][0-9]{0,9})$/;

/** The channel a name stands for, or null for a name no channel has. */
export function parseChannel(name: string): Channel | null {
  if (name === CHANNELS.matches) return { kind: "matches" };
  const match = WITH_ID.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > MAX_INT) return null;
  switch (match[1]) {
    case "match":
      return { kind: "match", matchId: id };
    case "user":
      return { kind: "user", userId: id };
    default:
      return { kind: "chat", matchId: id };
  }
}
