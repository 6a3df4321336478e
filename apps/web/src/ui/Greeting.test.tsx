import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import i18next from "i18next";
import { Greeting } from "./Greeting.tsx";

const at = (hours: number, minutes = 0) => new Date(2025, 5, 14, hours, minutes, 0);

describe("Greeting", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [at(0), "Good morning, Anna"],
    [at(11, 59), "Good morning, Anna"],
    [at(12), "Good afternoon, Anna"],
    [at(16, 59), "Good afternoon, Anna"],
    [at(17), "Good evening, Anna"],
    [at(23, 30), "Good evening, Anna"],
  ])("greets by the viewer's time of day (%s)", (now, text) => {
    render(<Greeting name="Anna" now={now} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it("reads the clock when no time is given", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(13, 15));
    render(<Greeting name="Anna" />);
    expect(screen.getByText("Good afternoon, Anna")).toBeInTheDocument();
  });

  it("greets in the interface language", async () => {
    await i18next.changeLanguage("nl");
    const { unmount } = render(<Greeting name="Anna" now={at(8)} />);
    expect(screen.getByText("Goedemorgen, Anna")).toBeInTheDocument();
    unmount();
    await i18next.changeLanguage("de");
    render(<Greeting name="Anna" now={at(20)} />);
    expect(screen.getByText("Guten Abend, Anna")).toBeInTheDocument();
  });
});
