import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "./DataTable.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

interface Clip {
  id: number;
  title: string;
  minutes: number;
}

const CLIPS: Clip[] = [
  { id: 1, title: "Groen Wit – Zwaluwen", minutes: 90 },
  { id: 2, title: "Rijnland – Eendracht", minutes: 70 },
  { id: 3, title: "Oranje-Zwart – Groen Wit", minutes: 60 },
];

const COLUMNS: DataTableColumn<Clip>[] = [
  { key: "title", header: "Match", cell: (clip) => clip.title, primary: true },
  { key: "minutes", header: "Length", cell: (clip) => `${clip.minutes} min`, align: "end" },
];

function Table({ rows = CLIPS, run = vi.fn() }: { rows?: Clip[]; run?: (rows: Clip[]) => void }) {
  return (
    <DataTable
      caption="Recorded matches"
      columns={COLUMNS}
      rows={rows}
      rowKey={(clip) => clip.id}
      rowLabel={(clip) => clip.title}
      bulkActions={[{ key: "delete", label: "Delete", danger: true, run }]}
      empty={<p>Nothing recorded</p>}
    />
  );
}

const headerBox = () => screen.getByRole("checkbox", { name: "Select all rows" });
const rowBox = (title: string) => screen.getByRole("checkbox", { name: `Select ${title}` });
const bulkBar = () => screen.getByRole("region", { name: "Actions for the selected rows" });

describe("DataTable", () => {
  it("shows the rows under labelled column headers", () => {
    render(<Table />);
    const table = screen.getByRole("table", { name: "Recorded matches" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Select all", "Match", "Length"]);
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).getByRole("cell", { name: "70 min" })).toHaveAttribute("data-label", "Length");
  });

  it("selects rows one by one and runs a bulk action on the selected ones in table order", async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    render(<Table run={run} />);
    const deleteButton = within(bulkBar()).getByRole("button", { name: "Delete" });
    expect(deleteButton).toBeDisabled();
    expect(bulkBar()).toHaveTextContent("0 selected");

    await user.click(rowBox("Oranje-Zwart – Groen Wit"));
    await user.click(rowBox("Groen Wit – Zwaluwen"));
    expect(bulkBar()).toHaveTextContent("2 selected");
    expect(headerBox()).not.toBeChecked();
    expect(headerBox()).toHaveProperty("indeterminate", true);

    await user.click(deleteButton);
    expect(run).toHaveBeenCalledWith([CLIPS[0], CLIPS[2]]);
  });

  it("selects and clears every row with the header checkbox", async () => {
    const user = userEvent.setup();
    render(<Table />);
    await user.click(headerBox());
    expect(bulkBar()).toHaveTextContent("3 selected");
    for (const clip of CLIPS) expect(rowBox(clip.title)).toBeChecked();

    await user.click(headerBox());
    expect(bulkBar()).toHaveTextContent("0 selected");

    await user.click(headerBox());
    await user.click(within(bulkBar()).getByRole("button", { name: "Clear selection" }));
    for (const clip of CLIPS) expect(rowBox(clip.title)).not.toBeChecked();
  });

  it("forgets selected rows that leave the page", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Table />);
    await user.click(headerBox());
    rerender(<Table rows={CLIPS.slice(1)} />);
    expect(bulkBar()).toHaveTextContent("2 selected");
  });

  it("shows the empty state without rows and skeleton rows while loading", () => {
    const { rerender } = render(<Table rows={[]} />);
    expect(screen.getByText("Nothing recorded")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    rerender(
      <DataTable caption="Loading" columns={COLUMNS} rows={[]} rowKey={(clip) => clip.id} loading skeletonRows={2} />,
    );
    expect(screen.getByRole("table", { name: "Loading" })).toHaveAttribute("aria-busy", "true");
  });
});

function ConfirmDemo({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button onClick={() => setBusy(false)}>done</button>
      <ConfirmDialog
        open={open}
        title="Delete 2 matches?"
        text="This can't be undone."
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => {
          setBusy(true);
          onConfirm();
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe("ConfirmDialog", () => {
  it("asks, shows its busy state while the action runs and can't be dismissed meanwhile", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDemo onConfirm={onConfirm} />);
    const dialog = screen.getByRole("dialog", { name: "Delete 2 matches?" });
    expect(dialog).toHaveTextContent("This can't be undone.");

    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const busyButton = within(dialog).getByRole("button", { name: "Working…" });
    expect(busyButton).toBeDisabled();
    expect(busyButton).toHaveAttribute("aria-busy", "true");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();

    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("closes on cancel", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDemo onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
