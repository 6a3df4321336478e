import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { LOCALE_COOKIE } from "../i18n/locale.ts";
import { readCookie } from "../lib/cookies.ts";
import { AppShell } from "./AppShell.tsx";

function HomeTitle() {
  const { t } = useTranslation();
  return <h1>{t("home.live")}</h1>;
}

function renderShellAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<AppShell />}>
            <Route index element={<HomeTitle />} />
            <Route path="nl" element={<HomeTitle />} />
            <Route path="de" element={<HomeTitle />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("entering a locale", () => {
  it("sets the locale cookie and the interface language", async () => {
    renderShellAt("/de");
    expect(await screen.findByRole("heading", { name: "Jetzt live" })).toBeInTheDocument();
    expect(readCookie(LOCALE_COOKIE)).toBe("de");
    expect(document.documentElement.lang).toBe("de");
  });

  it("remembers English for a page without prefix", async () => {
    await i18next.changeLanguage("nl");
    renderShellAt("/");
    expect(await screen.findByRole("heading", { name: "Live now" })).toBeInTheDocument();
    await waitFor(() => expect(readCookie(LOCALE_COOKIE)).toBe("en"));
  });
});
