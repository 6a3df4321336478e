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
  dashboard: area<typeof import("./namespaces/dashboard/en.ts").default>({
    en: () => import("./namespaces/dashboard/en.ts"),
    nl: () => import("./namespaces/dashboard/nl.ts"),
    de: () => import("./namespaces/dashboard/de.ts"),
  }),
};

export type NamespaceName = keyof typeof NAMESPACES;
export type NamespaceResources = {
  [N in NamespaceName]: Awaited<ReturnType<(typeof NAMESPACES)[N]["en"]>>["default"];
};

export function isNamespace(name: string): name is NamespaceName {
  return name in NAMESPACES;
}
