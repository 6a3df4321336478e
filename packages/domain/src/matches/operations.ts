import { deletedAnswer, resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { clubPageInput, streamsPageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import {
  clubMatchParams,
  commandAnswer,
  createMatchInput,
  matchChangeAnswer,
  matchListQuery,
  matchSchema,
  pagedMatches,
  restoreParams,
  scoreInput,
  updateMatchInput,
} from "./schemas.ts";
import { z } from "zod";
import { createMatchesService } from "./service.ts";

type CameraCommand = "schedule" | "unschedule" | "startRecording" | "stopRecording";

export default domain(createMatchesService, (op) => {
  /** A camera command: checked now, run by the worker (202 with the job id). */
  const cameraCommand = (command: CameraCommand, path: string, summary: string) =>
    op.mutation({
      auth: "user",
      summary,
      rest: { method: "POST", path: `/v1/clubs/:club/matches/:match/${path}`, status: 202 },
      input: clubMatchParams,
      output: commandAnswer,
      run: (matches, input, caller) => matches[command](input, caller),
    });

  return {
    list: op.query({
      auth: "public",
      summary: "Public matches by list status (live, upcoming, vod), optionally of a sport or club",
      rest: { method: "GET", path: "/v1/matches" },
      input: matchListQuery,
      output: pagedMatches,
      run: (matches, input, caller) => matches.list(input, caller),
    }),
    byId: op.query({
      auth: "public",
      summary: "A match the caller may see",
      rest: { method: "GET", path: "/v1/matches/:id" },
      input: idParams,
      output: resourceAnswer(matchSchema),
      run: (matches, input, caller) => matches.byId(input.id, caller),
    }),
    liveStreams: op.query({
      auth: "user",
      summary: "Every live match, private ones included (Streams page)",
      rest: { method: "GET", path: "/v1/live-matches" },
      input: streamsPageQuery,
      output: pagedMatches,
      run: (matches, input, caller) => matches.liveStreams(input, caller),
    }),
    upcomingStreams: op.query({
      auth: "user",
      summary: "Every upcoming match, private ones included (Streams page)",
      rest: { method: "GET", path: "/v1/upcoming-matches" },
      input: streamsPageQuery,
      output: pagedMatches,
      run: (matches, input, caller) => matches.upcomingStreams(input, caller),
    }),
    clubLive: op.query({
      auth: "user",
      summary: "A club's live matches for its members, private and shared ones included",
      rest: { method: "GET", path: "/v1/clubs/:club/live-matches" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubLive(club, page, caller),
    }),
    clubUpcoming: op.query({
      auth: "user",
      summary: "A club's upcoming matches for its members, private and shared ones included",
      rest: { method: "GET", path: "/v1/clubs/:club/upcoming-matches" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubUpcoming(club, page, caller),
    }),
    clubPublicLive: op.query({
      auth: "public",
      summary: "A club's public live matches (public club page)",
      rest: { method: "GET", path: "/v1/clubs/:club/club-live-matches" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubPublicLive(club, page, caller),
    }),
    clubPublicUpcoming: op.query({
      auth: "public",
      summary: "A club's public upcoming matches (public club page)",
      rest: { method: "GET", path: "/v1/clubs/:club/club-upcoming-matches" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubPublicUpcoming(club, page, caller),
    }),
    clubUnscheduled: op.query({
      auth: "user",
      summary: "A club's unscheduled matches (scheduler)",
      rest: { method: "GET", path: "/v1/clubs/:club/un-scheduled-matches" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubUnscheduled(club, page, caller),
    }),
    clubRecorded: op.query({
      auth: "user",
      summary: "Recorded (processing and on-demand) matches owned by or shared with a club",
      rest: { method: "GET", path: "/v1/clubs/:club/recorded" },
      input: clubPageInput,
      output: pagedMatches,
      run: (matches, { club, ...page }, caller) => matches.clubRecorded(club, page, caller),
    }),
    create: op.mutation({
      auth: "user",
      summary: "Create a match from the editing fields (local date and time of the club)",
      rest: { method: "POST", path: "/v1/upcoming", status: 201 },
      input: createMatchInput,
      output: matchChangeAnswer,
      run: (matches, input, caller) => matches.create(input, caller),
    }),
    update: op.mutation({
      auth: "user",
      summary: "Edit a match; with update_match_only, share/unshare it or toggle privacy and scheduling",
      rest: { method: "PUT", path: "/v1/clubs/:club/matches/:match" },
      input: z.strictObject({ ...clubMatchParams.shape, ...updateMatchInput.shape }),
      output: matchChangeAnswer,
      run: (matches, { club, match, ...body }, caller) => matches.update({ club, match }, body, caller),
    }),
    schedule: cameraCommand("schedule", "schedule", "Schedule the match on its camera"),
    unschedule: cameraCommand("unschedule", "unschedule", "Unschedule the match on its camera"),
    startRecording: cameraCommand("startRecording", "startrecording", "Start recording the match"),
    stopRecording: cameraCommand("stopRecording", "stoprecording", "Stop recording the match"),
    restore: op.mutation({
      auth: "user",
      summary: "Restore a recorded match from a camera configuration",
      rest: { method: "POST", path: "/v1/clubs/:club/matches/:match/restore/:configuration", status: 202 },
      input: restoreParams,
      output: commandAnswer,
      run: (matches, input, caller) => matches.restore(input, caller),
    }),
    delete: op.mutation({
      auth: "user",
      summary: "Delete a match (system, or the scheduler of its club)",
      rest: { method: "DELETE", path: "/v1/matches/:id" },
      input: idParams,
      output: deletedAnswer,
      run: (matches, input, caller) => matches.remove(input.id, caller),
    }),
    deleteInClub: op.mutation({
      auth: "user",
      summary: "Delete a club's match",
      rest: { method: "DELETE", path: "/v1/clubs/:club/matches/:match" },
      input: clubMatchParams,
      output: deletedAnswer,
      run: (matches, input, caller) => matches.removeInClub(input, caller),
    }),
    score: op.mutation({
      auth: "public",
      summary:
        "Set the score (trainers and admins of the match's clubs, or its camera controller); publishes match.scored",
      rest: { method: "POST", path: "/v1/clubs/:club/matches/:match/score" },
      input: z.strictObject({ ...clubMatchParams.shape, ...scoreInput.shape }),
      output: writeAnswer(matchSchema),
      run: (matches, { club, match, ...score }, caller) => matches.score({ club, match }, score, caller),
    }),
  };
});
