import { describe, expect, it, vi } from "vitest";
import { apiError } from "../../test/fake-api.ts";
import { ApiError } from "./api.ts";
import { applyServerErrors, failureMessage } from "./server-errors.ts";

describe("a refused call's messages", () => {
  it("puts each 422 message on the field it names, without the path's prefix", () => {
    const setError = vi.fn();
    const error = apiError(422, "The given data was invalid.", {
      "data.local_ip": ["The local ip is not valid."],
      "data.barcode": ["The barcode is already taken."],
    });
    const left = applyServerErrors(error, setError, ["local_ip", "barcode"], "fallback", "data.");
    expect(left).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      "local_ip",
      { type: "server", message: "The local ip is not valid." },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      "barcode",
      { type: "server", message: "The barcode is already taken." },
      { shouldFocus: false },
    );
  });

  it("words the messages it puts under the form's labels itself, in the interface language, naming no API field", () => {
    const setError = vi.fn();
    const error = apiError(
      422,
      "The fullname field is required.",
      {
        fullname: ["The fullname field is required."],
        awayteam: ["The away team must be one of the away club's teams."],
        camera_view: ["The camera view field is odd."],
      },
      {
        fullname: [{ key: "validation.required", params: { field: "fullname" } }],
        awayteam: [{ key: "match.team_not_of_away_club", params: { field: "awayteam" } }],
        camera_view: [{ key: "camera.unknown_rule", params: { field: "camera view" } }],
      },
    );
    expect(applyServerErrors(error, setError, ["fullname", "awayteam", "camera_view"], "fallback")).toBeNull();
    const placed = Object.fromEntries(setError.mock.calls.map(([name, { message }]) => [name, message]));
    expect(placed).toEqual({
      // The one wording of a required field, as the form's own check says it.
      fullname: "Please fill in this field.",
      awayteam: "Choose one of the away club's teams.",
      // A key the web has no words for: the server's message, already in the interface language.
      camera_view: "The camera view field is odd.",
    });
    const taken = apiError(
      422,
      "x",
      { fullname: ["x"] },
      {
        fullname: [{ key: "teams.name_taken", params: { field: "fullname", name: "JO17 1" } }],
      },
    );
    applyServerErrors(taken, setError, ["fullname"], "fallback");
    expect(setError).toHaveBeenLastCalledWith(
      "fullname",
      { type: "server", message: "The club already has a team named JO17 1." },
      { shouldFocus: true },
    );
  });

  it("leaves messages about fields the form doesn't have for the form's alert", () => {
    const setError = vi.fn();
    const error = new ApiError(422, "Invalid", { body: ["Unknown field."], email: ["Taken."] });
    expect(applyServerErrors(error, setError, ["email"], "fallback")).toBe("Unknown field.");
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for other refusals, else the fallback", () => {
    const setError = vi.fn();
    expect(applyServerErrors(apiError(403, "This action is forbidden."), setError, [], "fallback")).toBe(
      "This action is forbidden.",
    );
    expect(failureMessage(new Error("network"), "fallback")).toBe("fallback");
    expect(failureMessage(apiError(422, "Invalid", { name: ["Too long."] }), "fallback")).toBe("Too long.");
    expect(setError).not.toHaveBeenCalled();
  });

  it("shows the first of a refused state change's errors (409), over tRPC and REST alike", () => {
    const reason = "This match is live: only an unscheduled match can be scheduled.";
    expect(failureMessage(apiError(409, reason, { match: [reason] }), "fallback")).toBe(reason);
    expect(failureMessage(new ApiError(409, "other", { match: [reason] }), "fallback")).toBe(reason);
  });
});
