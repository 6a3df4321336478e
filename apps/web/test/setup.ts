// Component tests: DOM matchers, a clean DOM and cookies between tests, and
// i18next with all three resource files.
import "@testing-library/jest-dom/vitest";
import { afterEach, beforeAll } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "../src/i18n/locales/en.ts";
import { nl } from "../src/i18n/locales/nl.ts";
import { de } from "../src/i18n/locales/de.ts";
import { NAMESPACES } from "../src/i18n/namespaces.ts";

// Headless UI's anchored menus measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy… and waitFor wait for a screen that will come: 1 s (the default) is too short when the server,
// worker and media projects share the two cores with jsdom, which then fails tests that are right.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: en }, nl: { translation: nl }, de: { translation: de } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  // Every dashboard area's namespace, in all three languages (the app loads them on demand).
  for (const [namespace, loaders] of Object.entries(NAMESPACES)) {
    for (const [locale, load] of Object.entries(loaders)) {
      i18next.addResourceBundle(locale, namespace, (await load()).default);
    }
  }
});

afterEach(async () => {
  cleanup();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.localStorage.clear();
  await i18next.changeLanguage("en");
});
