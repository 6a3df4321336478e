import type { RouteRegistrar } from "../core/http.ts";
import { pageQuery, streamsPageQuery } from "../core/pagination.ts";
import { idParams, messageAnswer } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import {
  clubMatchParams,
  commandAnswer,
  createMatchInput,
  matchAnswer,
  matchChangeAnswer,
  matchListQuery,
  pagedMatches,
  restoreParams,
  scoreInput,
  updateMatchInput,
} from "./schemas.ts";

export function matchRoutes(r: RouteRegistrar, { matches }: Services): void {
  const tags = ["matches"];

  // ── public ──
  r.route({
    method: "GET",
    url: "/v1/matches",
    auth: "public",
    summary: "Public matches by list status (live, upcoming, vod), optionally of a sport or club",
    tags,
    query: matchListQuery,
    response: pagedMatches,
    handler: ({ query }) => matches.list(query),
  });
  r.route({
    method: "GET",
    url: "/v1/matches/:id",
    auth: "public",
    summary: "A match the caller may see",
    tags,
    params: idParams,
    response: matchAnswer,
    handler: ({ params }, ctx) => matches.byId(params.id, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/club-live-matches",
    auth: "public",
    summary: "A club's public live matches (public club page)",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }) => matches.clubPublicLive(params.id, query),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/club-upcoming-matches",
    auth: "public",
    summary: "A club's public upcoming matches (public club page)",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }) => matches.clubPublicUpcoming(params.id, query),
  });

  // ── dashboard lists ──
  r.route({
    method: "GET",
    url: "/v1/live-matches",
    auth: "user",
    summary: "Every live match, private ones included (Streams page)",
    tags,
    query: streamsPageQuery,
    response: pagedMatches,
    handler: ({ query }, ctx) => matches.liveStreams(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/upcoming-matches",
    auth: "user",
    summary: "Every upcoming match, private ones included (Streams page)",
    tags,
    query: streamsPageQuery,
    response: pagedMatches,
    handler: ({ query }, ctx) => matches.upcomingStreams(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/live-matches",
    auth: "user",
    summary: "A club's live matches for its members, private and shared ones included",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }, ctx) => matches.clubLive(params.id, query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/upcoming-matches",
    auth: "user",
    summary: "A club's upcoming matches for its members, private and shared ones included",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }, ctx) => matches.clubUpcoming(params.id, query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/un-scheduled-matches",
    auth: "user",
    summary: "A club's unscheduled matches (scheduler)",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }, ctx) => matches.clubUnscheduled(params.id, query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/recorded",
    auth: "user",
    summary: "Recorded (processing and on-demand) matches owned by or shared with a club",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedMatches,
    handler: ({ params, query }, ctx) => matches.clubRecorded(params.id, query, ctx),
  });

  // ── creating, editing, deleting ──
  r.route({
    method: "POST",
    url: "/v1/upcoming",
    auth: "user",
    summary: "Create a match from the editing fields (local date and time of the club)",
    tags,
    body: createMatchInput,
    status: 201,
    response: matchChangeAnswer,
    handler: ({ body }, ctx) => matches.create(body, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/clubs/:club/matches/:match",
    auth: "user",
    summary: "Edit a match; with update_match_only, share/unshare it or toggle privacy and scheduling",
    tags,
    params: clubMatchParams,
    body: updateMatchInput,
    response: matchChangeAnswer,
    handler: ({ params, body }, ctx) => matches.update(params, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/matches/:id",
    auth: "user",
    summary: "Delete a match (system, or the scheduler of its club)",
    tags,
    params: idParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => matches.remove(params.id, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/clubs/:club/matches/:match",
    auth: "user",
    summary: "Delete a club's match",
    tags,
    params: clubMatchParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => matches.removeInClub(params, ctx),
  });

  // ── camera commands: checked now, run by the worker (202 with the job id) ──
  const commands = [
    ["schedule", "schedule", "Schedule the match on its camera"],
    ["unschedule", "unschedule", "Unschedule the match on its camera"],
    ["startrecording", "startRecording", "Start recording the match"],
    ["stoprecording", "stopRecording", "Stop recording the match"],
  ] as const;
  for (const [path, operation, summary] of commands) {
    r.route({
      method: "POST",
      url: `/v1/clubs/:club/matches/:match/${path}`,
      auth: "user",
      summary,
      tags,
      params: clubMatchParams,
      status: 202,
      response: commandAnswer,
      handler: ({ params }, ctx) => matches[operation](params, ctx),
    });
  }
  r.route({
    method: "POST",
    url: "/v1/clubs/:club/matches/:match/restore/:configuration",
    auth: "user",
    summary: "Restore a recorded match from a camera configuration",
    tags,
    params: restoreParams,
    status: 202,
    response: commandAnswer,
    handler: ({ params }, ctx) => matches.restore(params, ctx),
  });

  r.route({
    method: "POST",
    url: "/v1/clubs/:club/matches/:match/score",
    // A signed-in user or a camera controller; the service decides who may.
    auth: "public",
    summary:
      "Set the score (trainers and admins of the match's clubs, or its camera controller); publishes match.scored",
    tags,
    params: clubMatchParams,
    body: scoreInput,
    response: matchAnswer,
    handler: ({ params, body }, ctx) => matches.score(params, body, ctx),
  });
}
