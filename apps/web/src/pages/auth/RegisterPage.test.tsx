import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeAuth, renderRoutes } from "../../../test/render.tsx";
import RegisterPage from "./RegisterPage.tsx";

const SENT = "Thanks! We've sent an e-mail to this address: it tells you how to sign in.";

afterEach(() => vi.unstubAllGlobals());

describe("the register page", () => {
  it("shows the server's answer, the same for a new and a taken address, and signs nobody in", async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: null, message: SENT }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const login = vi.fn(async () => {});
    renderRoutes([{ path: "/auth/register", element: <RegisterPage /> }], "/auth/register", fakeAuth({ login }));

    await user.type(screen.getByLabelText("First name"), "Sanne");
    await user.type(screen.getByLabelText("Last name"), "Jansen");
    await user.type(screen.getByLabelText("E-mail address"), "sanne@example.test");
    await user.type(screen.getByLabelText("Password"), "a long enough password");
    await user.type(screen.getByLabelText("Repeat password"), "a long enough password");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create account" })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/v1/register", expect.objectContaining({ method: "POST" }));
    expect(login).not.toHaveBeenCalled();
  });
});
