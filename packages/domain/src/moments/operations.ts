import { z } from "zod";
import { domain } from "../core/operation.ts";
import { idParam, idParams } from "../core/schemas.ts";
import { momentSettingsAnswer, momentSettingsInput, momentSettingsWriteAnswer, scoreEventsAnswer } from "./schemas.ts";
import { createMomentsService } from "./service.ts";

const clubParams = z.strictObject({ club: idParam });

export default domain(createMomentsService, (op) => ({
  settings: op.query({
    auth: "user",
    summary: "A club's timing of match moments: goal entry delay, half length, half-time break (club administrators)",
    rest: { method: "GET", path: "/v1/clubs/:club/moment-settings" },
    input: clubParams,
    output: momentSettingsAnswer,
    run: (moments, input, caller) => moments.settings(input.club, caller),
  }),
  updateSettings: op.mutation({
    auth: "user",
    summary: "Set a club's timing of match moments (club administrators)",
    rest: { method: "PUT", path: "/v1/clubs/:club/moment-settings" },
    input: z.strictObject({ ...clubParams.shape, ...momentSettingsInput.shape }),
    output: momentSettingsWriteAnswer,
    run: (moments, { club, ...input }, caller) => moments.updateSettings(club, input, caller),
  }),
  scoreEvents: op.query({
    auth: "public",
    summary: "A match's score changes timed in its recording: the score of the frame a player shows",
    rest: { method: "GET", path: "/v1/matches/:id/score-events" },
    input: idParams,
    output: scoreEventsAnswer,
    run: (moments, input, caller) => moments.ofMatch(input.id, caller),
  }),
}));
