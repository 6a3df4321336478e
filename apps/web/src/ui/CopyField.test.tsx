import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TOAST_DURATION_MS } from "@clubcast/shared";
import { CopyField } from "./CopyField.tsx";
import { ToastProvider } from "./Toasts.tsx";

const KEY = "k3y-a1b2";
const URL = `srt://media.test:8890?streamid=publish:${KEY}`;
const MASKED = "srt://media.test:8890?streamid=publish:••••";

function renderField(field: ReactNode) {
  return render(<ToastProvider>{field}</ToastProvider>);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("CopyField", () => {
  it("shows what it is given but copies the value, then says Copied for as long as a toast", async () => {
    userEvent.setup(); // gives jsdom a clipboard
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderField(<CopyField label="SRT URL" value={URL} shown={MASKED} hint="The complete address." masked />);

    const field = screen.getByLabelText("SRT URL");
    expect(field).toHaveValue(MASKED);
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveAccessibleDescription("The complete address. Hidden until you reveal it");

    // The clock stands still from the click on, so "Copied" can be timed.
    vi.useFakeTimers();
    await act(async () => screen.getByRole("button", { name: "Copy SRT URL" }).click());
    expect(writeText).toHaveBeenCalledWith(URL);
    const button = screen.getByRole("button", { name: "Copied SRT URL" });
    expect(button).toHaveTextContent("Copied");
    expect(screen.getByRole("status")).toHaveTextContent("Copied SRT URL");

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(button).toHaveAccessibleName("Copied SRT URL");
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAccessibleName("Copy SRT URL");
    expect(button).toHaveTextContent("Copy");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("displays the value itself by default, and a secret set apart", () => {
    renderField(<CopyField label="Client secret" value="s3cr3t" secret />);
    const field = screen.getByLabelText("Client secret");
    expect(field).toHaveValue("s3cr3t");
    expect(field).toHaveClass("copy-field__value--secret");
    expect(field).not.toHaveAccessibleDescription();
  });

  it("says so in an error toast when the clipboard refuses", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    renderField(<CopyField label="Client ID" value="client-2" />);

    await user.click(screen.getByRole("button", { name: "Copy Client ID" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not copy. Select the text and copy it yourself.");
    expect(screen.getByRole("button", { name: "Copy Client ID" })).toHaveTextContent("Copy");
  });
});
