// The bulk actions of the clubs' clips and summaries tables (issue 14): make
// private or public, share with a team, delete, and download as one zip. Both
// tables act alike; each domain says how its rows are read and written
// (RenderedTable). Every action first checks that the caller runs the club's
// clips (CLIPS_SECTION) and that every id is one of that club's: any other id
// answers 404 naming `ids`, so another club's items are never changed or seen.
// Every change is announced to the items' match pages (ids only: those channels
// may be public), to the club's staff and to the members of the teams that list
// the items (EVENTS.videosChanged), so their open pages read them again; the
// change and its news commit together (the outbox), a deleted row's files go after.
// The zip is streamed from a signed URL (the media links' convention): the
// action answers that URL, and GET /media/archives/… sends the ready files.
import type { Readable } from "node:stream";
import archiver from "archiver";
import { z } from "zod";
import { CHANNELS, CLIPS_SECTION, EVENTS, utcToZoned } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { EventPublisher } from "../realtime/publisher.ts";
import type { RequestContext } from "../core/context.ts";
import { writeAnswer, written } from "../core/answers.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import type { OperationBuilder } from "../core/operation.ts";
import { clubPageInput, pagedSchema, type PageQuery, type Paged } from "../core/pagination.ts";
import { authorize } from "../core/policy.ts";
import { idField, idParam } from "../core/schemas.ts";
import { sideName } from "./rendered-video.ts";
import { BULK_MAX_IDS } from "./schemas.ts";
import type { MediaService } from "./service.ts";

/** The selected rows: at least one id, at most BULK_MAX_IDS. */
const bulkIds = z.array(idField).min(1).max(BULK_MAX_IDS);
export const bulkInput = z.strictObject({ club: idParam, ids: bulkIds });
export const bulkPrivacyInput = bulkInput.extend({ private: z.boolean() });
export const bulkShareInput = bulkInput.extend({ team: idField });

const bulkFailure = z.object({ id: z.number().int(), reason: z.string() });
/** What a bulk action did: the ids done and, for each one not done, why. */
export const bulkAnswer = writeAnswer(z.object({ done: z.array(z.number().int()), failed: z.array(bulkFailure) }));
/** A bulk download: the signed zip URL, the files it holds and the selected items left out. */
export const bulkDownloadAnswer = writeAnswer(
  z.object({
    url: z.string(),
    files: z.array(z.object({ id: z.number().int(), name: z.string() })),
    failed: z.array(bulkFailure),
  }),
);

export type BulkInput = z.infer<typeof bulkInput>;
export type BulkPrivacyInput = z.infer<typeof bulkPrivacyInput>;
export type BulkShareInput = z.infer<typeof bulkShareInput>;

/** A selected clip or summary as the bulk actions see it. */
export interface BulkRow {
  id: number;
  matchId: number;
  /** The club that owns its match. */
  clubId: number;
  ready: boolean;
  videoPath: string | null;
  posterPath: string | null;
  /** What its file in a zip is called, before sanitizing (e.g. "2026-11-20 Home – Away – 12m34s Goal"). */
  title: string;
  /** The users it is shared with, as members of a team (they list it under "recorded"). */
  sharedWith: number[];
}

/**
 * A table's Prisma models in a transaction, as far as privacy and team shares go: clips and
 * summaries have the same privacy column and a share table each, keyed by their own id column.
 */
export interface RenderedModels<ShareRow> {
  rows(tx: Prisma.TransactionClient): {
    updateManyAndReturn(args: {
      where: { id: { in: number[] } };
      data: { isPrivate: boolean };
      select: { id: true };
    }): Promise<{ id: number }[]>;
  };
  shares(tx: Prisma.TransactionClient): {
    createMany(args: { data: ShareRow[]; skipDuplicates: boolean }): Promise<unknown>;
  };
  /** The share row of one item with a team. */
  shareRow(id: number, teamId: number): ShareRow;
}

/** How one table's rows are read and changed. */
export interface RenderedTable<ShareRow> {
  kind: "clips" | "summaries";
  /** The 404 for ids that are no row of the club. */
  unknownKey: MessageKey;
  models: RenderedModels<ShareRow>;
  find(ids: number[]): Promise<BulkRow[]>;
  /** Removes the rows in `tx`, posting what follows (their files go once it committed). */
  remove(tx: Prisma.TransactionClient, post: OutboxPost, rows: BulkRow[]): Promise<void>;
  /** Who may see the row changed (made private or public, shared, deleted): its match's pages read it again. */
  changed(row: BulkRow, to: EventPublisher): void;
}

/** The columns of a selected row's match that its zip file name needs. */
export const bulkMatchSelect = {
  clubId: true,
  startingAt: true,
  club: { select: { timezone: true } },
  homeTeam: { select: { fullname: true } },
  awayTeam: { select: { fullname: true } },
  homeClub: { select: { name: true } },
  awayClub: { select: { name: true } },
} satisfies Prisma.MatchSelect;
type BulkMatch = Prisma.MatchGetPayload<{ select: typeof bulkMatchSelect }>;

/** The columns of a selected clip or summary that the bulk actions need. */
export const bulkRowSelect = {
  id: true,
  matchId: true,
  state: true,
  videoPath: true,
  posterPath: true,
  match: { select: bulkMatchSelect },
  teamShares: { select: { team: { select: { members: { select: { userId: true } } } } } },
} as const satisfies Prisma.ClipSelect & Prisma.SummarySelect;

/**
 * A clip or summary row as the bulk actions see it; its zip file is named by its
 * match's date (in the club's time zone) and sides, then `what` it is:
 * "2026-11-20 FC Zuiderpark JO17-1 – VV Noord JO17-1 – 12m34s Goal".
 */
export function bulkRowOf(
  row: {
    id: number;
    matchId: number;
    state: string;
    videoPath: string | null;
    posterPath: string | null;
    match: BulkMatch;
    teamShares: { team: { members: { userId: number }[] } }[];
  },
  what: string,
): BulkRow {
  const { match } = row;
  const { date } = utcToZoned(match.startingAt, match.club.timezone);
  const home = sideName(match.homeTeam, match.homeClub) ?? "Home";
  const away = sideName(match.awayTeam, match.awayClub) ?? "Away";
  return {
    id: row.id,
    matchId: row.matchId,
    clubId: match.clubId,
    ready: row.state === "ready",
    videoPath: row.videoPath,
    posterPath: row.posterPath,
    title: `${date} ${home} – ${away} – ${what}`,
    sharedWith: [...new Set(row.teamShares.flatMap((share) => share.team.members.map((member) => member.userId)))],
  };
}

/** A position in a video as file names give it: 754_000 → "12m34s". */
export function videoTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/** Longest file name kept (before the extension): well inside every file system's 255 bytes. */
const MAX_NAME_CHARACTERS = 150;

/**
 * File names for a zip: characters no file system takes (and control characters)
 * become spaces, dots and spaces are trimmed from the ends, and a name met again
 * (in any letter case) gets " (2)", " (3)"….
 */
export function zipNames(titles: string[], extension: string): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const clean =
      title
        // eslint-disable-next-line no-control-regex -- control characters are what is removed
        .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, " ")
        .replace(/\s+/g, " ")
        .slice(0, MAX_NAME_CHARACTERS)
        .replace(/^[\s.]+|[\s.]+$/g, "") || "video";
    let name = `${clean}.${extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${clean} (${n}).${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export function renderedBulk<ShareRow>(deps: Deps, media: MediaService, table: RenderedTable<ShareRow>) {
  const { prisma, outbox } = deps;
  const { models } = table;

  /** The club's rows of `ids` (each once), or 404 naming the ids that are none of them. */
  async function selected(clubId: number, ids: number[], ctx: RequestContext): Promise<BulkRow[]> {
    authorize(ctx, CLIPS_SECTION, clubId, "not_found.club");
    const unique = [...new Set(ids)];
    const rows = (await table.find(unique)).filter((row) => row.clubId === clubId);
    const found = new Set(rows.map((row) => row.id));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length) {
      const params = { ids: unknown.join(", ") };
      throw new NotFoundError(table.unknownKey, params, { ids: [{ key: table.unknownKey, params }] });
    }
    return rows;
  }

  /**
   * Tells the pages showing the changed rows to read them again: their matches' pages, the club's
   * tables (its staff's channel) and, for `users` (a team's members, on their own channels), their
   * recorded lists.
   */
  function announce(to: EventPublisher, club: number, rows: BulkRow[], users: number[] = []) {
    if (!rows.length) return;
    for (const row of rows) table.changed(row, to);
    const payload = { club, kind: table.kind, ids: rows.map((row) => row.id) };
    for (const channel of [CHANNELS.club(club), ...users.map(CHANNELS.user)]) {
      to.publish(channel, EVENTS.videosChanged, payload);
    }
  }

  /** The ids asked for that the change did not reach (deleted meanwhile), with why. */
  function missed(asked: number[], done: number[], ctx: RequestContext) {
    const reached = new Set(done);
    return asked.filter((id) => !reached.has(id)).map((id) => ({ id, reason: translate(ctx.locale, "bulk.gone") }));
  }

  async function setPrivate({ club, ids, private: value }: BulkPrivacyInput, ctx: RequestContext) {
    const rows = await selected(club, ids, ctx);
    const asked = rows.map((row) => row.id);
    const done = await outbox.transaction(async (tx, post) => {
      const changed = await models.rows(tx).updateManyAndReturn({
        where: { id: { in: asked } },
        data: { isPrivate: value },
        select: { id: true },
      });
      const reached = new Set(changed.map((row) => row.id));
      announce(
        post.events,
        club,
        rows.filter((row) => reached.has(row.id)),
      );
      return [...reached];
    });
    const message = translate(ctx.locale, value ? "bulk.made_private" : "bulk.made_public", { count: done.length });
    return written({ done, failed: missed(asked, done, ctx) }, message);
  }

  async function share({ club, ids, team }: BulkShareInput, ctx: RequestContext) {
    const rows = await selected(club, ids, ctx);
    const found = await prisma.team.findFirst({
      where: { id: team, clubId: club },
      select: { fullname: true, members: { select: { userId: true } } },
    });
    if (!found) throw ValidationError.field("team", "bulk.unknown_team");
    const done = rows.map((row) => row.id);
    await outbox.transaction(async (tx, post) => {
      await models.shares(tx).createMany({ data: done.map((id) => models.shareRow(id, team)), skipDuplicates: true });
      announce(
        post.events,
        club,
        rows,
        found.members.map((member) => member.userId),
      );
    });
    const message = translate(ctx.locale, "bulk.shared", { count: done.length, team: found.fullname });
    return written({ done, failed: [] }, message);
  }

  /** Removes rows and tells their pages, the members they were shared with included; their files go once that committed. */
  async function removeRows(club: number, rows: BulkRow[]) {
    await outbox.transaction(async (tx, post) => {
      await table.remove(tx, post, rows);
      announce(post.events, club, rows, [...new Set(rows.flatMap((row) => row.sharedWith))]);
    });
    for (const row of rows) await media.removeMatchFiles(row.matchId, [row.videoPath, row.posterPath]);
  }

  async function remove({ club, ids }: BulkInput, ctx: RequestContext) {
    const rows = await selected(club, ids, ctx);
    await removeRows(club, rows);
    const done = rows.map((row) => row.id);
    return written({ done, failed: [] }, translate(ctx.locale, "bulk.deleted", { count: done.length }));
  }

  /** Removes one item the caller may already change (a single delete, its marker's removal), told live as a bulk delete is. */
  async function removeOne(id: number) {
    const [row] = await table.find([id]);
    if (row) await removeRows(row.clubId, [row]);
  }

  /** The ready rows whose files are on this disk or in the store, named for the zip, and the rows left out. */
  async function zipEntries(rows: BulkRow[]) {
    const readers = await Promise.all(
      rows.map((row) => (row.ready && row.videoPath ? media.matchFileReader(row.matchId, row.videoPath) : null)),
    );
    const files = rows.flatMap((row, i) => {
      const open = readers[i];
      return open ? [{ row, open }] : [];
    });
    const names = zipNames(
      files.map(({ row }) => row.title),
      "mp4",
    );
    const zipped = new Set(files.map(({ row }) => row.id));
    const left = rows.filter((row) => !zipped.has(row.id));
    return { files: files.map((file, i) => ({ ...file, name: names[i]! })), left };
  }

  /** The signed URL of a zip of the selected ready items (422 naming `ids` when none is ready). */
  async function download({ club, ids }: BulkInput, ctx: RequestContext) {
    const rows = await selected(club, ids, ctx);
    const { files, left } = await zipEntries(rows);
    if (!files.length) throw ValidationError.field("ids", "bulk.nothing_ready");
    const failed = left.map((row) => ({ id: row.id, reason: translate(ctx.locale, "bulk.not_ready") }));
    const url = media.archiveUrl({ kind: table.kind, club, ids: files.map(({ row }) => row.id) });
    return written(
      { url, files: files.map(({ row, name }) => ({ id: row.id, name })), failed },
      translate(ctx.locale, "bulk.zipped", { count: files.length }),
    );
  }

  /**
   * The zip a signed archive URL names, as a stream: the files of those items that are
   * still the club's and ready. MP4s are stored, not compressed (they don't shrink).
   */
  async function archive(clubId: number, ids: number[]): Promise<Readable> {
    const rows = (await table.find(ids)).filter((row) => row.clubId === clubId);
    const { files } = await zipEntries(rows);
    if (!files.length) throw new NotFoundError("not_found.generic");
    const zip = archiver("zip", { store: true });
    // One file opened at a time, as the zip takes it (a bucket's answers are not held open meanwhile). A
    // failure while zipping reaches the reply as the stream's error.
    void (async () => {
      for (const { open, name } of files) {
        const added = new Promise((resolve) => zip.once("entry", resolve));
        zip.append(await open(), { name });
        await added;
      }
      await zip.finalize();
    })().catch((error: unknown) => zip.destroy(error as Error));
    return zip;
  }

  return { setPrivate, share, remove, removeOne, download, archive };
}

type BulkActions = ReturnType<typeof renderedBulk>;
/** What a domain's service offers for its table: the bulk actions and the list shared with the caller's teams. */
export interface BulkService<Answer> extends Omit<BulkActions, "remove" | "removeOne" | "archive"> {
  removeMany: BulkActions["remove"];
  listShared(clubId: number, query: PageQuery, ctx: RequestContext): Promise<Paged<Answer>>;
}

/**
 * The operations of a table's bulk actions and of its items shared with the caller's
 * teams, declared alike for clips and summaries (`item` is how one is answered).
 */
export function bulkOperations<Item extends z.ZodType, Service extends BulkService<z.input<Item>>>(
  op: OperationBuilder<Service>,
  kind: "clips" | "summaries",
  item: Item,
) {
  const club = `/v1/clubs/:club/${kind}`;
  return {
    shared: op.query({
      auth: "user",
      summary: `The ${kind} of a club's recorded matches shared with a team of the caller, newest first`,
      rest: { method: "GET", path: `/v1/clubs/:club/recorded/${kind}` },
      input: clubPageInput,
      output: pagedSchema(item),
      run: (service, { club, ...page }, caller) => service.listShared(club, page, caller),
    }),
    setPrivate: op.mutation({
      auth: "user",
      summary: `Make selected ${kind} of a club private (club staff and shared teams only, signed links) or public`,
      rest: { method: "POST", path: `${club}/privacy` },
      input: bulkPrivacyInput,
      output: bulkAnswer,
      run: (service, input, caller) => service.setPrivate(input, caller),
    }),
    share: op.mutation({
      auth: "user",
      summary: `Share selected ${kind} of a club with one of its teams, whose members see them under recorded`,
      rest: { method: "POST", path: `${club}/share` },
      input: bulkShareInput,
      output: bulkAnswer,
      run: (service, input, caller) => service.share(input, caller),
    }),
    deleteMany: op.mutation({
      auth: "user",
      summary: `Delete selected ${kind} of a club and their files (the club's staff)`,
      rest: { method: "POST", path: `${club}/delete` },
      input: bulkInput,
      output: bulkAnswer,
      run: (service, input, caller) => service.removeMany(input, caller),
    }),
    download: op.mutation({
      auth: "user",
      summary: `A signed URL of one zip of the selected ready ${kind} of a club, with clear file names`,
      rest: { method: "POST", path: `${club}/download` },
      input: bulkInput,
      output: bulkDownloadAnswer,
      run: (service, input, caller) => service.download(input, caller),
    }),
  };
}
