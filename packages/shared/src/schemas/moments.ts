// Match moments (issue 30): a club's timing settings, as the API takes them and its settings form checks them.
import { z } from "zod";
import { MOMENT_SETTINGS } from "../moments.ts";
import { integer } from "./core.ts";

const bounded = (name: keyof typeof MOMENT_SETTINGS) => integer(MOMENT_SETTINGS[name].min, MOMENT_SETTINGS[name].max);

export const momentSettingsInput = z.strictObject({
  goal_entry_delay_s: bounded("goalEntryDelayS"),
  half_length_min: bounded("halfLengthMin"),
  half_time_break_min: bounded("halfTimeBreakMin"),
});
export type MomentSettingsInput = z.infer<typeof momentSettingsInput>;
