import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { TOAST_DURATION_MS } from "@clubcast/shared";
import { Modal } from "./Modal.tsx";
import { ToastProvider, useToast } from "./Toasts.tsx";

function ModalDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Share this match">
        <input aria-label="Link" defaultValue="https://example.test" />
      </Modal>
    </>
  );
}

describe("Modal", () => {
  it("closes on Escape and gives focus back", async () => {
    const user = userEvent.setup();
    render(<ModalDemo />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Share this match" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });

  it("keeps Tab inside the dialog", async () => {
    const user = userEvent.setup();
    render(<ModalDemo />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Link" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("textbox", { name: "Link" })).toHaveFocus();
  });

  it("closes on a click outside it, not on one inside", async () => {
    const user = userEvent.setup();
    render(<ModalDemo />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByRole("textbox", { name: "Link" }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.click(document.querySelector(".modal-backdrop")!);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

function ToastDemo() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success("Link copied")}>Copy</button>
      <button onClick={() => toast.error("Could not copy the link")}>Fail</button>
    </>
  );
}

describe("toasts", () => {
  it("show success and error messages for 2 seconds", () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <ToastDemo />
        </ToastProvider>,
      );
      act(() => screen.getByRole("button", { name: "Copy" }).click());
      act(() => screen.getByRole("button", { name: "Fail" }).click());
      expect(screen.getByRole("alert")).toHaveTextContent("Could not copy the link");
      expect(screen.getByText("Link copied")).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
      expect(screen.getByText("Link copied")).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText("Link copied")).not.toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
