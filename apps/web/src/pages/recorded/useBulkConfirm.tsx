// The confirm step of the recorded tables' bulk actions (matches, offline
// recordings, clips, summaries): which action asks about which rows, the one
// choice it may need (the team or club to share with), and the dialog, which
// stays open and busy until the action has run.
import { useCallback, useState, type ReactNode } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";

/** What the dialog of one asked action says and does. */
export interface ConfirmContent {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger: boolean;
  /** False keeps the confirm button disabled (e.g. until the choice is made). */
  canConfirm: boolean;
  /** The input of the choice, for an action that needs one. */
  chooser?: ReactNode;
  run(): Promise<unknown>;
}

export interface Asked<Kind, Row> {
  kind: Kind;
  rows: Row[];
}

/**
 * `ask(kind)` is a bulk action's `run` that asks first; `contentOf` says what the dialog shows for
 * the asked action, given the choice so far and how to change it.
 */
export function useBulkConfirm<Kind extends string, Row>(
  contentOf: (asked: Asked<Kind, Row>, choice: string, choose: (value: string) => void) => ConfirmContent,
): { ask: (kind: Kind) => (rows: Row[]) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<Asked<Kind, Row> | null>(null);
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);

  const ask = useCallback(
    (kind: Kind) => (rows: Row[]) => {
      setChoice("");
      setAsked({ kind, rows });
    },
    [],
  );

  if (!asked) return { ask, dialog: null };
  const content = contentOf(asked, choice, setChoice);
  const confirm = async () => {
    setBusy(true);
    try {
      await content.run();
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      open
      danger={content.danger}
      title={content.title}
      text={content.text}
      confirmLabel={content.confirmLabel}
      busy={busy}
      canConfirm={content.canConfirm}
      onCancel={() => setAsked(null)}
      onConfirm={() => void confirm()}
    >
      {content.chooser}
    </ConfirmDialog>
  );
  return { ask, dialog };
}
