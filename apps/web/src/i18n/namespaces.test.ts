import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { activateLocale, initI18n } from "./i18n.ts";

describe("dashboard namespaces", () => {
  it("load on demand in the current language", async () => {
    await initI18n("en");
    expect(i18next.hasResourceBundle("en", "dashboard")).toBe(false);
    await i18next.loadNamespaces("dashboard");
    expect(i18next.t("actions.save", { ns: "dashboard" })).toBe("Save");
    await activateLocale("de");
    await i18next.loadNamespaces("dashboard");
    expect(i18next.t("actions.save", { ns: "dashboard" })).toBe("Speichern");
  });
});
