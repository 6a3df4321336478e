// Messages to one user over the private channel user.{id} (spec section 7):
// each shows as a toast with its translated key (spec section 8); a failed
// camera operation adds the camera's own words, and stays on the match's row.
// A 'notification.new' also refreshes the bell's count.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import { commandSettled, forgetCommandProgress } from "../lib/command-progress.ts";
import { useChannel } from "../lib/realtime.ts";
import { trpc } from "../lib/trpc.ts";
import { useToast } from "../ui/Toasts.tsx";

export function useUserMessages(userId: number): void {
  const { t } = useTranslation("notifications");
  const toast = useToast();
  const utils = trpc.useUtils();
  // Signed out, or another user: their commands' progress goes with them.
  useEffect(() => forgetCommandProgress, [userId]);
  useChannel(CHANNELS.user(userId), {
    [EVENTS.userMessage]: ({ key, level, match, detail, failure }: EventPayloads["user.message"]) => {
      const message = t(`messages.${key}`);
      // A camera or asset server's failure shows its own words (spec section 8), not the whole sentence.
      const shown = failure?.detail ?? detail;
      const text = shown ? t("with_detail", { message, detail: shown }) : message;
      toast[level](text);
      // The outcome of an operation on a match also shows on its row (lib/command-progress.ts).
      if (match !== undefined) commandSettled(match, level === "error" ? { detail: shown ?? null } : null);
      if (key === "notification.new") void utils.messages.featureUpdates.invalidate();
    },
  });
}
