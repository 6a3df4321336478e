// i18next with one resource file per locale, each loaded when first needed so
// a page only downloads its own language.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { LocaleCode } from "@clubcast/shared";
import type { Messages } from "./locales/en.ts";
import { isNamespace, NAMESPACES, type NamespaceResources } from "./namespaces.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages } & NamespaceResources;
  }
}

const LOADERS: Record<LocaleCode, () => Promise<Messages>> = {
  en: () => import("./locales/en.ts").then((m) => m.en),
  nl: () => import("./locales/nl.ts").then((m) => m.nl),
  de: () => import("./locales/de.ts").then((m) => m.de),
};

/** Loads the dashboard areas' namespaces on demand (see namespaces.ts). */
const namespaceBackend = {
  type: "backend" as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: unknown) => void) {
    const loaders = isNamespace(namespace) ? NAMESPACES[namespace] : undefined;
    const load = loaders?.[language as LocaleCode];
    if (!load) return callback(new Error(`no texts for ${namespace} in ${language}`), null);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error, null),
    );
  },
};

/** Loads a language's texts without switching to it. */
export async function ensureLoaded(locale: LocaleCode): Promise<void> {
  if (i18next.hasResourceBundle(locale, "translation")) return;
  i18next.addResourceBundle(locale, "translation", await LOADERS[locale]());
}

export async function initI18n(locale: LocaleCode): Promise<typeof i18next> {
  const messages = await LOADERS[locale]();
  await i18next
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      resources: { [locale]: { translation: messages } },
      partialBundledLanguages: true,
      ns: ["translation"],
      defaultNS: "translation",
      fallbackLng: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = locale;
  return i18next;
}

/** Switches the interface language once its messages are loaded. */
export async function activateLocale(locale: LocaleCode): Promise<void> {
  await ensureLoaded(locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}
