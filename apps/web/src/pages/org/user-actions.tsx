// Deleting a user and taking one out of their club, each after confirmation,
// shared by the users list and the user detail page. Toasts per spec section 8:
// 'user-deleted' and 'user-not-deleted'.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { userName, type User } from "./org.ts";

type Pending = { kind: "delete" | "removeFromClub"; user: User } | null;

export function useUserActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation("org");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<Pending>(null);

  const remove = trpc.users.delete.useMutation({
    onSuccess: async () => {
      toast.success(t("users.deleted"));
      setPending(null);
      await utils.users.list.invalidate();
      onDeleted?.();
    },
    onError: () => toast.error(t("users.not_deleted")),
  });
  const removeFromClub = trpc.users.removeFromClub.useMutation({
    onSuccess: async () => {
      if (pending) {
        toast.success(t("users.removed_from_club", { name: userName(pending.user), club: pending.user.club?.name }));
        await Promise.all([utils.users.list.invalidate(), utils.users.get.invalidate({ id: pending.user.id })]);
      }
      setPending(null);
    },
    onError: (error) => toast.error(failureMessage(error, t("users.not_removed_from_club"))),
  });

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === "delete") remove.mutate({ id: pending.user.id });
    else if (pending.user.club) removeFromClub.mutate({ club: pending.user.club.id, id: pending.user.id });
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      danger
      title={pending?.kind === "removeFromClub" ? t("users.remove_title") : t("users.delete_title")}
      text={
        pending
          ? pending.kind === "removeFromClub"
            ? t("users.remove_text", { name: userName(pending.user), club: pending.user.club?.name })
            : t("users.delete_text", { name: userName(pending.user) })
          : ""
      }
      confirmLabel={pending?.kind === "removeFromClub" ? t("users.remove_from_club") : td("actions.delete")}
      busy={remove.isPending || removeFromClub.isPending}
      onCancel={() => setPending(null)}
      onConfirm={confirm}
    />
  );

  return {
    askDelete: (user: User) => setPending({ kind: "delete", user }),
    askRemoveFromClub: (user: User) => setPending({ kind: "removeFromClub", user }),
    dialog,
  };
}
