// The operations on a club's match (spec section 4): the camera commands,
// sharing, privacy, restore and delete, as single actions with the spec's
// toasts (section 8) and as bulk actions over table rows.
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { commandPending, commandSettled } from "./command-progress.ts";
import { failureMessage } from "./server-errors.ts";
import { trpc } from "./trpc.ts";
import { useToast } from "../ui/Toasts.tsx";

export type CameraCommand = "schedule" | "unschedule" | "startRecording" | "stopRecording";
export type ShareTarget = { club: number } | { opponent: true };

/** What an operation needs of a match: its id and its owning club. */
export type MatchRef = { id: number; club: { id: number } };
const keyOf = (match: MatchRef) => ({ club: match.club.id, match: match.id });

/** The API calls behind the operations, each resolving to the server's answer or throwing. */
function useMatchRequests() {
  const { client } = trpc.useUtils();
  return useMemo(
    () => ({
      command: (match: MatchRef, command: CameraCommand) => client.matches[command].mutate(keyOf(match)),
      setPrivate: (match: MatchRef, isPrivate: boolean) =>
        client.matches.update.mutate({ ...keyOf(match), update_match_only: true, is_private: isPrivate }),
      share: (match: MatchRef, target: ShareTarget) =>
        client.matches.update.mutate({
          ...keyOf(match),
          update_match_only: true,
          ...("club" in target ? { shared_with: target.club } : { shared_opponent: true }),
        }),
      unshare: (match: MatchRef) =>
        client.matches.update.mutate({
          ...keyOf(match),
          update_match_only: true,
          shared_with: null,
          shared_opponent: false,
        }),
      restore: (match: MatchRef, configuration: number) =>
        client.matches.restore.mutate({ ...keyOf(match), configuration }),
      remove: (match: MatchRef) => client.matches.deleteInClub.mutate(keyOf(match)),
    }),
    [client],
  );
}

/** Lists of matches and offline recordings are fetched again after any change. */
function useRefreshMatchLists() {
  const utils = trpc.useUtils();
  return useCallback(
    () => Promise.all([utils.matches.invalidate(), utils.offline.invalidate()]).then(() => undefined),
    [utils],
  );
}

export type MatchOperations = ReturnType<typeof useMatchOperations>;

/** One operation on one match, with its success or error toast. Each resolves to whether it worked. */
export function useMatchOperations() {
  const { t } = useTranslation("scheduler");
  const toast = useToast();
  const requests = useMatchRequests();
  const refresh = useRefreshMatchLists();

  return useMemo(() => {
    async function run(
      call: () => Promise<unknown>,
      success: string | null,
      failure: string,
      useServerMessage = true,
      onFailure?: (message: string) => void,
    ) {
      try {
        const answer = await call();
        const message = (answer as { message?: string } | undefined)?.message;
        toast.success(success ?? message ?? t("toasts.ok"));
        return true;
      } catch (error) {
        const message = useServerMessage ? failureMessage(error, failure) : failure;
        toast.error(message);
        onFailure?.(message);
        return false;
      } finally {
        void refresh();
      }
    }
    /**
     * A camera command is pending before it is sent: the worker's outcome may arrive before the
     * server's answer does. A refusal, or no outcome in time, leaves a failure on the match's row.
     */
    function command(match: MatchRef, command: CameraCommand) {
      commandPending(match.id, command, () =>
        toast.error(t("progress.no_answer_toast", { operation: t(`actions.${command}`) })),
      );
      return run(
        () => requests.command(match, command),
        null,
        t("toasts.operation_failed"),
        true,
        (detail) => commandSettled(match.id, { detail }),
      );
    }
    return {
      command,
      setPrivate: (match: MatchRef, isPrivate: boolean) =>
        run(() => requests.setPrivate(match, isPrivate), t("toasts.ok"), t("toasts.could_not_update")),
      share: (match: MatchRef, target: ShareTarget) =>
        run(() => requests.share(match, target), t("toasts.shared"), t("toasts.could_not_update")),
      unshare: (match: MatchRef) =>
        run(() => requests.unshare(match), t("toasts.unshared"), t("toasts.could_not_unshare"), false),
      restore: (match: MatchRef, configuration: number) =>
        run(
          () => requests.restore(match, configuration),
          t("toasts.restore_started"),
          t("toasts.could_not_restore"),
          false,
        ),
      remove: (match: MatchRef) => run(() => requests.remove(match), t("toasts.removed"), t("toasts.could_not_delete")),
    };
  }, [requests, refresh, t, toast]);
}

export type BulkOperation = { kind: "private"; value: boolean } | { kind: "share"; club: number } | { kind: "delete" };

export interface BulkOutcome {
  succeeded: number;
  failed: number;
  /** The first failure's message, when any failed. */
  firstError: string | null;
}

/** Runs each call, never stopping at a failure, and counts how they went. */
export async function settleEach<T>(
  items: T[],
  call: (item: T) => Promise<unknown>,
  describeError: (error: unknown) => string,
): Promise<BulkOutcome> {
  const results = await Promise.allSettled(items.map((item) => call(item)));
  const failures = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  return {
    succeeded: results.length - failures.length,
    failed: failures.length,
    firstError: failures[0] ? describeError(failures[0].reason) : null,
  };
}

/** A bulk operation applied per match through the API, with one toast that reports partial failures. */
export function useBulkMatchOperation() {
  const { t } = useTranslation("scheduler");
  const toast = useToast();
  const requests = useMatchRequests();
  const refresh = useRefreshMatchLists();

  return useCallback(
    async (matches: MatchRef[], operation: BulkOperation): Promise<BulkOutcome> => {
      const call = (match: MatchRef) => {
        if (operation.kind === "private") return requests.setPrivate(match, operation.value);
        if (operation.kind === "share") return requests.share(match, { club: operation.club });
        return requests.remove(match);
      };
      const outcome = await settleEach(matches, call, (error) => failureMessage(error, t("toasts.could_not_update")));
      await refresh();
      if (outcome.failed === 0) toast.success(t("bulk.done", { count: outcome.succeeded }));
      else if (outcome.succeeded === 0) toast.error(t("bulk.all_failed", { error: outcome.firstError }));
      else {
        toast.error(
          t("bulk.partly_failed", {
            failed: outcome.failed,
            total: matches.length,
            error: outcome.firstError,
          }),
        );
      }
      return outcome;
    },
    [requests, refresh, t, toast],
  );
}
