// Messages to one user over the private channel user.{id} (spec section 7):
// each shows as a toast with its translated key (spec section 8); a failed
// camera operation adds the camera's own words. A 'notification.new' also
// refreshes the bell's count.
import { useTranslation } from "react-i18next";
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import { afterResponseMarker } from "../lib/match-operations.ts";
import { useChannel } from "../lib/realtime.ts";
import { trpc } from "../lib/trpc.ts";
import { useToast } from "../ui/Toasts.tsx";

export function useUserMessages(userId: number): void {
  const { t } = useTranslation("notifications");
  const toast = useToast();
  const utils = trpc.useUtils();
  useChannel(CHANNELS.user(userId), {
    [EVENTS.userMessage]: ({ key, level, detail }: EventPayloads["user.message"]) => {
      const message = t(`messages.${key}`);
      const text = detail ? t("with_detail", { message, detail: afterResponseMarker(detail) }) : message;
      toast[level](text);
      if (key === "notification.new") void utils.messages.featureUpdates.invalidate();
    },
  });
}
