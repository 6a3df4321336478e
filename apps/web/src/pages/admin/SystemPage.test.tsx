import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { apiError } from "../../../test/fake-api.ts";
import { CLUB } from "../scheduler/fixtures.test-data.ts";
import SystemPage, { clubFormValues, clubUpdate } from "./SystemPage.tsx";

const details = { ...CLUB, notification_email: "info@groenwit.test", suggest_moments: 1 as const };
const APP_INFO = {
  version: "2.7.2",
  desktop_app: {
    version: "1.6.14",
    mac_arm: "https://x.test/a",
    mac_intel: "https://x.test/b",
    windows: "https://x.test/c",
  },
};
const SPORTS = { data: [CLUB.sport, { id: 2, slug: "hockey", name: "Hockey", type: "hockey" as const }] };
const routes = [{ path: "/dashboard/system", element: <SystemPage /> }];
const MOMENTS = { goal_entry_delay_s: 10, half_length_min: 45, half_time_break_min: 15 };

describe("the club form's update", () => {
  it("clears blank optional texts and leaves activation to system administrators", () => {
    const form = { ...clubFormValues(details), notification_email: "", country_short: "be" };
    expect(clubUpdate(3, form, false)).toEqual({
      id: 3,
      name: "VV Groen Wit",
      sport_id: 1,
      timezone: "Europe/Amsterdam",
      country: "Netherlands",
      country_short: "BE",
      notification_email: null,
      suggest_moments: true,
    });
    // A club that turned suggestions off keeps them off; one that never said has them on.
    expect(clubFormValues({ ...details, suggest_moments: 0 }).suggest_moments).toBe(false);
    expect(clubFormValues(CLUB).suggest_moments).toBe(true);
    expect(clubUpdate(3, { ...form, activated: false }, true)).toMatchObject({ activated: false });
  });
});

describe("the System page", () => {
  it("lets a club administrator edit the club and shows the server's 422 on its field", async () => {
    const user = userEvent.setup();
    const update = vi
      .fn()
      .mockImplementationOnce(() => {
        throw apiError(422, "The given data was invalid.", { notification_email: ["Enter a valid e-mail address."] });
      })
      .mockImplementation((input: { name: string }) => ({
        data: { ...details, name: input.name },
        message: "Club updated.",
      }));
    const reloadUser = vi.fn(async () => {});
    renderRoutes(routes, "/dashboard/system", fakeAuth({ user: fakeUser({ scope: "club" }), reloadUser }), undefined, {
      "clubs.get": () => ({ data: details }),
      "clubs.update": update,
      "sports.list": () => SPORTS,
      "appInfo.get": () => ({ data: APP_INFO }),
      "moments.settings": () => ({ data: MOMENTS }),
    });
    const name = await screen.findByLabelText("Club name");
    expect(name).toHaveValue("VV Groen Wit");
    expect(screen.getByLabelText("Notification e-mail")).toHaveValue("info@groenwit.test");
    expect(screen.queryByLabelText("Club is active")).toBeNull();
    expect(await screen.findByText("2.7.2")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Roles and permissions/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Save club" }));
    expect(await screen.findByText("Enter a valid e-mail address.")).toBeInTheDocument();
    expect(screen.getByLabelText("Notification e-mail")).toHaveAttribute("aria-invalid", "true");

    await user.clear(name);
    await user.type(name, "VV Groen-Wit '21");
    await user.selectOptions(screen.getByLabelText("Sport"), "Hockey");
    const suggest = screen.getByRole("switch", { name: /Suggest highlights from the sound/ });
    expect(suggest).toBeChecked();
    await user.click(suggest);
    await user.click(screen.getByRole("button", { name: "Save club" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({
        id: 3,
        name: "VV Groen-Wit '21",
        sport_id: 2,
        notification_email: "info@groenwit.test",
        suggest_moments: false,
      }),
    );
    expect(update.mock.lastCall![0]).not.toHaveProperty("activated");
    expect(await screen.findByText("Club saved")).toBeInTheDocument();
    // Their own club: the signed-in user (and the support mail naming the club) follows the new name.
    expect(reloadUser).toHaveBeenCalledTimes(1);
  });

  it("lets a system administrator pick the club, activate it, and reach the access pages", async () => {
    const user = userEvent.setup();
    renderRoutes(
      routes,
      "/dashboard/system",
      fakeAuth({ user: fakeUser({ scope: "system", club: null }) }),
      undefined,
      {
        "clubs.list": () => ({
          data: [details],
          meta: { current_page: 1, last_page: 1, per_page: 100, total: 1, from: 1, to: 1 },
        }),
        "clubs.get": () => ({ data: details }),
        "sports.list": () => SPORTS,
        "appInfo.get": () => ({ data: APP_INFO }),
        "moments.settings": () => ({ data: MOMENTS }),
      },
    );
    expect(await screen.findByText("No club to configure")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Roles and permissions/ })).toHaveAttribute("href", "/dashboard/access");
    expect(screen.getByRole("link", { name: /API clients/ })).toHaveAttribute("href", "/dashboard/access/clients");
    const picker = await screen.findByRole("combobox", { name: /club/i });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.selectOptions(picker, "VV Groen Wit");
    expect(await screen.findByLabelText("Club is active")).toBeChecked();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/system?club=3");
  });
});

describe("the club's match moments on the System page (issue 30)", () => {
  it("shows the club's timing, refuses a value out of bounds on its field, and saves the timing", async () => {
    const user = userEvent.setup();
    const save = vi.fn((input: typeof MOMENTS & { club: number }) => ({
      data: {
        goal_entry_delay_s: input.goal_entry_delay_s,
        half_length_min: input.half_length_min,
        half_time_break_min: input.half_time_break_min,
      },
      message: "Match timing saved.",
    }));
    renderRoutes(routes, "/dashboard/system", fakeAuth({ user: fakeUser({ scope: "club" }) }), undefined, {
      "clubs.get": () => ({ data: details }),
      "sports.list": () => SPORTS,
      "appInfo.get": () => ({ data: APP_INFO }),
      "moments.settings": () => ({ data: MOMENTS }),
      "moments.updateSettings": save,
    });
    const delay = await screen.findByLabelText("Score entered after the goal (seconds)");
    expect(delay).toHaveValue(10);
    expect(screen.getByLabelText("Half length (minutes)")).toHaveValue(45);
    expect(screen.getByLabelText("Half-time break (minutes)")).toHaveValue(15);

    await user.clear(delay);
    await user.type(delay, "-3");
    await user.click(screen.getByRole("button", { name: "Save match timing" }));
    await waitFor(() => expect(delay).toHaveAttribute("aria-invalid", "true"));
    expect(save).not.toHaveBeenCalled();

    await user.clear(delay);
    await user.type(delay, "20");
    await user.clear(screen.getByLabelText("Half length (minutes)"));
    await user.type(screen.getByLabelText("Half length (minutes)"), "35");
    await user.click(screen.getByRole("button", { name: "Save match timing" }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        club: 3,
        goal_entry_delay_s: 20,
        half_length_min: 35,
        half_time_break_min: 15,
      }),
    );
  });
});
