// What clips and summaries share: a video the worker renders from a match's
// on-demand video, with its state, progress, files and match, as rows load it
// and as answers show it. It is private when made so (the tables' bulk action),
// else as its match is; a private one's links are signed.
import { z } from "zod";
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "./service.ts";

export const renderState = z.enum(["queued", "cutting", "ready", "failed"]);

/** The answer fields of a rendered video; each domain adds its own. */
export const renderedVideoFields = {
  id: z.number().int(),
  match: z.object({
    id: z.number().int(),
    home_team: z.number().int().nullable(),
    away_team: z.number().int().nullable(),
    /** The sides' names (the team's, else the club's), for tables and file names. */
    home_name: z.string().nullable(),
    away_name: z.string().nullable(),
    starting_at: z.string(),
  }),
  /** Private: only the club's staff and the teams it is shared with see it, through signed links. */
  is_private: z.boolean(),
  /** Whether is_private was set here (true) or follows the match's privacy. */
  privacy_set: z.boolean(),
  /** The teams whose members see it under "recorded". */
  shared_teams: z.array(z.number().int()),
  state: renderState,
  /** Percent done while it renders. */
  progress: z.number().int(),
  failure_reason: z.string().nullable(),
  /** The MP4, signed for a private match. */
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** The columns every rendered video is loaded with. */
export const renderedVideoSelect = {
  id: true,
  state: true,
  progress: true,
  failureReason: true,
  videoPath: true,
  posterPath: true,
  createdAt: true,
  updatedAt: true,
  isPrivate: true,
  linkEpoch: true,
  teamShares: { select: { teamId: true }, orderBy: { teamId: "asc" } },
  match: {
    select: {
      id: true,
      isPrivate: true,
      linkEpoch: true,
      startingAt: true,
      homeTeamId: true,
      awayTeamId: true,
      homeTeam: { select: { fullname: true } },
      awayTeam: { select: { fullname: true } },
      homeClub: { select: { name: true } },
      awayClub: { select: { name: true } },
    },
  },
} satisfies Prisma.ClipSelect & Prisma.SummarySelect;

type RenderedVideoRow = Prisma.ClipGetPayload<{ select: typeof renderedVideoSelect }>;

/** Whether a clip or summary is private: as set on it, else as its match is. */
export const isPrivateRender = (row: { isPrivate: boolean | null; match: { isPrivate: boolean } }) =>
  row.isPrivate ?? row.match.isPrivate;

type Side = { fullname: string } | null;
/** A side's name as match titles show it: its team's, else its club's. */
export const sideName = (team: Side, club: { name: string } | null) => team?.fullname ?? club?.name ?? null;

/** The shared answer fields; `showFiles` false hides files that belong to no finished render. */
export function presentRenderedVideo(row: RenderedVideoRow, media: MediaService, showFiles: boolean) {
  const isPrivate = isPrivateRender(row);
  const [videoUrl, posterUrl] = media.matchFileUrls(
    { id: row.match.id, is_private: isPrivate, link_epoch: row.match.linkEpoch, rendered_link_epoch: row.linkEpoch },
    showFiles ? [row.videoPath, row.posterPath] : [null, null],
  );
  const { match } = row;
  return {
    id: row.id,
    match: {
      id: match.id,
      home_team: match.homeTeamId,
      away_team: match.awayTeamId,
      home_name: sideName(match.homeTeam, match.homeClub),
      away_name: sideName(match.awayTeam, match.awayClub),
      starting_at: match.startingAt.toISOString(),
    },
    is_private: isPrivate,
    privacy_set: row.isPrivate !== null,
    shared_teams: row.teamShares.map((share) => share.teamId),
    state: row.state,
    progress: row.progress,
    failure_reason: row.failureReason,
    video_url: videoUrl ?? null,
    poster_url: posterUrl ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
