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
});
