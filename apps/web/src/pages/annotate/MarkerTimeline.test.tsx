import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import fc from "fast-check";
import { apiError } from "../../../test/fake-api.ts";
import { renderRoutes } from "../../../test/render.tsx";
import { MarkerTimeline } from "./MarkerTimeline.tsx";

/** A 90-minute video on a 900 px strip: one pixel is six seconds. */
const DURATION_MS = 5_400_000;
const TRACK = { left: 50, width: 900 };

const marker = (id: number, time_ms: number, label: string, goal = false) => ({
  id,
  sequence: goal ? 4 : 5,
  time_ms,
  label,
  clip_length: 20,
  goal,
  created_at: "2025-06-14T15:00:00.000Z",
});

function renderTimeline(updateMarker: (input: { id: number; time_ms: number }) => unknown) {
  const markers = [marker(3, 2_940_000, "Goal 1–0 · Groen Wit 1 · 49′", true), marker(1, 61_000, "Corner")];
  renderRoutes(
    [{ path: "/", element: <MarkerTimeline markers={markers} durationMs={DURATION_MS} /> }],
    "/",
    undefined,
    null,
    {
      "sequences.updateMarker": updateMarker,
    },
  );
  const track = screen.getByRole("group", { name: "Markers on the timeline" }).firstElementChild!;
  vi.spyOn(track, "getBoundingClientRect").mockReturnValue(new DOMRect(TRACK.left, 0, TRACK.width, 36));
}

const moved = (input: { id: number; time_ms: number }) => ({
  data: marker(input.id, input.time_ms, "Moved"),
  message: "Marker updated",
});

describe("the markers on the timeline", () => {
  it("moves a goal by the keys, 1 s per arrow and 10 s with Shift, saving once the key is let go", async () => {
    const user = userEvent.setup();
    const updateMarker = vi.fn(moved);
    renderTimeline(updateMarker);
    const goal = screen.getByRole("slider", { name: "Move Goal 1–0 · Groen Wit 1 · 49′" });
    expect(goal).toHaveAttribute("aria-valuenow", "2940000");
    expect(goal).toHaveAttribute("aria-valuetext", "00:49:00:000");
    expect(goal).toHaveAttribute("aria-valuemax", String(DURATION_MS));

    goal.focus();
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(updateMarker).toHaveBeenCalledWith({ id: 3, time_ms: 2_939_000 }));
    expect(await screen.findByText("Goal 1–0 · Groen Wit 1 · 49′ moved to 00:48:59:000")).toBeInTheDocument();

    // Held Shift: each arrow is ten seconds, and the one release saves where it ended.
    await user.keyboard("{Shift>}{ArrowRight>3/}{/Shift}");
    await waitFor(() => expect(updateMarker).toHaveBeenLastCalledWith({ id: 3, time_ms: 2_969_000 }));
    expect(updateMarker).toHaveBeenCalledTimes(2);
  });

  it("keeps a marker within the video: no arrow goes before its start, End is its end", async () => {
    const user = userEvent.setup();
    const updateMarker = vi.fn(moved);
    renderTimeline(updateMarker);
    const corner = screen.getByRole("slider", { name: "Move Corner" });
    corner.focus();
    await user.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}");
    await waitFor(() => expect(updateMarker).toHaveBeenLastCalledWith({ id: 1, time_ms: 41_000 }));
    await user.keyboard("{Shift>}{ArrowLeft>5/}{/Shift}");
    await waitFor(() => expect(updateMarker).toHaveBeenLastCalledWith({ id: 1, time_ms: 0 }));
    expect(corner).toHaveAttribute("aria-valuenow", "0");
    await user.keyboard("{End}");
    await waitFor(() => expect(updateMarker).toHaveBeenLastCalledWith({ id: 1, time_ms: DURATION_MS }));
  });

  it("moves a marker in one drag, saving where the pointer lets go", async () => {
    const updateMarker = vi.fn(moved);
    renderTimeline(updateMarker);
    const corner = screen.getByRole("slider", { name: "Move Corner" });
    fireEvent.pointerDown(corner, { button: 0, pointerId: 1, clientX: TRACK.left + 10 });
    fireEvent.pointerMove(corner, { pointerId: 1, clientX: TRACK.left + 200 });
    // Shown where it is dragged, not saved yet.
    expect(corner).toHaveAttribute("aria-valuetext", "00:20:00:000");
    expect(updateMarker).not.toHaveBeenCalled();
    fireEvent.pointerUp(corner, { pointerId: 1, clientX: TRACK.left + 450 });
    await waitFor(() => expect(updateMarker).toHaveBeenCalledWith({ id: 1, time_ms: 2_700_000 }));
    expect(updateMarker).toHaveBeenCalledTimes(1);

    // Past the strip's end is the video's end.
    fireEvent.pointerDown(corner, { button: 0, pointerId: 2, clientX: TRACK.left });
    fireEvent.pointerUp(corner, { pointerId: 2, clientX: TRACK.left + TRACK.width + 80 });
    await waitFor(() => expect(updateMarker).toHaveBeenLastCalledWith({ id: 1, time_ms: DURATION_MS }));
  });

  it("saves a drag let go anywhere, on the strip or past either end, as a time inside the video", async () => {
    const updateMarker = vi.fn(moved);
    renderTimeline(updateMarker);
    const goal = screen.getByRole("slider", { name: "Move Goal 1–0 · Groen Wit 1 · 49′" });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -2000, max: 3000 }), async (clientX) => {
        updateMarker.mockClear();
        const before = Number(goal.getAttribute("aria-valuenow"));
        fireEvent.pointerDown(goal, { button: 0, pointerId: 1, clientX: before });
        fireEvent.pointerUp(goal, { pointerId: 1, clientX });
        const share = Math.min(Math.max((clientX - TRACK.left) / TRACK.width, 0), 1);
        const expected = Math.round(share * DURATION_MS);
        await waitFor(() => expect(goal).toHaveAttribute("aria-valuenow", String(expected)));
        // A drag back to where it was saved is no change to save.
        if (expected === 2_940_000) expect(updateMarker).not.toHaveBeenCalled();
        else await waitFor(() => expect(updateMarker).toHaveBeenCalledWith({ id: 3, time_ms: expected }));
        await waitFor(() => expect(goal).not.toHaveAttribute("aria-busy"));
      }),
      { numRuns: 25 },
    );
  });

  it("says why a move failed and puts the marker back where it was saved", async () => {
    const user = userEvent.setup();
    let finish = (): void => undefined;
    const updateMarker = vi.fn(
      () =>
        new Promise((_resolve, reject) => {
          finish = () => reject(apiError(404, "Marker not found"));
        }),
    );
    renderTimeline(updateMarker);
    const corner = screen.getByRole("slider", { name: "Move Corner" });
    corner.focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(corner).toHaveAttribute("aria-busy", "true"));
    expect(corner).toHaveAttribute("aria-valuenow", "62000");
    // While it saves, the keys don't move it on.
    await user.keyboard("{ArrowRight}");
    expect(corner).toHaveAttribute("aria-valuenow", "62000");
    finish();
    expect(await screen.findByText("Marker not found")).toBeInTheDocument();
    expect(corner).toHaveAttribute("aria-valuenow", "61000");
    expect(corner).not.toHaveAttribute("aria-busy");
    expect(updateMarker).toHaveBeenCalledTimes(1);
  });
});
