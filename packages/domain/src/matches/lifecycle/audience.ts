// Who may see a match, and so who may hear about it: the one visibility rule, over a match's own
// columns. visibility.ts turns the same branches into Prisma filters and SQL for lists; this file
// answers for one match already read (the realtime channels, the lifecycle's property tests).

/** The columns of a match its audience follows. */
export interface MatchAudience {
  isPrivate: boolean;
  clubId: number;
  homeClubId: number | null;
  awayClubId: number | null;
  sharedWithClubId: number | null;
  sharedOpponent: boolean;
}

/** Whoever asks: a system admin sees everything; anyone else by their club (null: anonymous, or a club-less user). */
export interface Viewer {
  system: boolean;
  clubId: number | null;
}

/** One way a club sees a private match: every column named here has the value given. */
export type AudienceBranch = Partial<
  Pick<MatchAudience, "clubId" | "homeClubId" | "awayClubId" | "sharedWithClubId">
> & {
  sharedOpponent?: true;
};

/** Private matches a club may see: its own, shared with it, or shared with it as the opponent. */
export function privateMatchBranches(clubId: number): AudienceBranch[] {
  return [
    { clubId },
    { sharedWithClubId: clubId },
    { sharedOpponent: true, homeClubId: clubId },
    { sharedOpponent: true, awayClubId: clubId },
  ];
}

const fits = (branch: AudienceBranch, match: MatchAudience) =>
  Object.entries(branch).every(([column, value]) => match[column as keyof MatchAudience] === value);

/**
 * The one visibility rule: anonymous callers see public matches; signed-in users (and camera
 * controllers) also see their club's private matches as above; system admins see everything.
 */
export function maySee(viewer: Viewer, match: MatchAudience): boolean {
  if (viewer.system || !match.isPrivate) return true;
  const { clubId } = viewer;
  return clubId !== null && privateMatchBranches(clubId).some((branch) => fits(branch, match));
}
