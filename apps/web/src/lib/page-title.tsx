// The dashboard top bar's title (spec section 2): the section's translated name,
// unless the page on screen supplies a custom title with usePageTitle.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

type SetTitle = (title: string | null) => void;

const PageTitleContext = createContext<SetTitle | null>(null);

/** Holds the custom title of the page inside; `children` gets it (null when the page sets none). */
export function PageTitleProvider({ children }: { children: (customTitle: string | null) => ReactNode }) {
  const [customTitle, setCustomTitle] = useState<string | null>(null);
  return <PageTitleContext.Provider value={setCustomTitle}>{children(customTitle)}</PageTitleContext.Provider>;
}

/**
 * Shows `title` in the top bar while the calling page is mounted (null or
 * undefined: the section's name, e.g. while the page's data loads).
 * Outside the dashboard frame it does nothing.
 */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (!setTitle) return;
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [setTitle, title]);
}
