// Texts of the signed-in dashboard live in i18next namespaces of their own,
// one folder per area (namespaces/<area>/{en,nl,de}.ts), loaded only when a
// page that uses them renders: `useTranslation("<area>")` suspends until then.
// This keeps dashboard texts out of the public home's initial JavaScript.
// To add an area: create its three files (en.ts defines the keys,
// nl.ts and de.ts are typed `typeof en`) and add one line to NAMESPACES.
import type { LocaleCode } from "@clubcast/shared";

type Loaders<T> = Record<LocaleCode, () => Promise<{ default: T }>>;

function area<T>(loaders: Loaders<T>): Loaders<T> {
  return loaders;
}

export const NAMESPACES = {
  account: area<typeof import("./namespaces/account/en.ts").default>({
    en: () => import("./namespaces/account/en.ts"),
    nl: () => import("./namespaces/account/nl.ts"),
    de: () => import("./namespaces/account/de.ts"),
  }),
  org: area<typeof import("./namespaces/org/en.ts").default>({
    en: () => import("./namespaces/org/en.ts"),
    nl: () => import("./namespaces/org/nl.ts"),
    de: () => import("./namespaces/org/de.ts"),
  }),
  configuration: area<typeof import("./namespaces/configuration/en.ts").default>({
    en: () => import("./namespaces/configuration/en.ts"),
    nl: () => import("./namespaces/configuration/nl.ts"),
    de: () => import("./namespaces/configuration/de.ts"),
  }),
  dashboard: area<typeof import("./namespaces/dashboard/en.ts").default>({
    en: () => import("./namespaces/dashboard/en.ts"),
    nl: () => import("./namespaces/dashboard/nl.ts"),
    de: () => import("./namespaces/dashboard/de.ts"),
  }),
  frame: area<typeof import("./namespaces/frame/en.ts").default>({
    en: () => import("./namespaces/frame/en.ts"),
    nl: () => import("./namespaces/frame/nl.ts"),
    de: () => import("./namespaces/frame/de.ts"),
  }),
  notifications: area<typeof import("./namespaces/notifications/en.ts").default>({
    en: () => import("./namespaces/notifications/en.ts"),
    nl: () => import("./namespaces/notifications/nl.ts"),
    de: () => import("./namespaces/notifications/de.ts"),
  }),
  admin: area<typeof import("./namespaces/admin/en.ts").default>({
    en: () => import("./namespaces/admin/en.ts"),
    nl: () => import("./namespaces/admin/nl.ts"),
    de: () => import("./namespaces/admin/de.ts"),
  }),
  scheduler: area<typeof import("./namespaces/scheduler/en.ts").default>({
    en: () => import("./namespaces/scheduler/en.ts"),
    nl: () => import("./namespaces/scheduler/nl.ts"),
    de: () => import("./namespaces/scheduler/de.ts"),
  }),
  clubs: area<typeof import("./namespaces/clubs/en.ts").default>({
    en: () => import("./namespaces/clubs/en.ts"),
    nl: () => import("./namespaces/clubs/nl.ts"),
    de: () => import("./namespaces/clubs/de.ts"),
  }),
  recorded: area<typeof import("./namespaces/recorded/en.ts").default>({
    en: () => import("./namespaces/recorded/en.ts"),
    nl: () => import("./namespaces/recorded/nl.ts"),
    de: () => import("./namespaces/recorded/de.ts"),
  }),
  annotate: area<typeof import("./namespaces/annotate/en.ts").default>({
    en: () => import("./namespaces/annotate/en.ts"),
    nl: () => import("./namespaces/annotate/nl.ts"),
    de: () => import("./namespaces/annotate/de.ts"),
  }),
};

export type NamespaceName = keyof typeof NAMESPACES;
export type NamespaceResources = {
  [N in NamespaceName]: Awaited<ReturnType<(typeof NAMESPACES)[N]["en"]>>["default"];
};

export function isNamespace(name: string): name is NamespaceName {
  return name in NAMESPACES;
}
