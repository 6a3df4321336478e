// The left menu's open state (spec sections 2 and 9): open when the dashboard
// loads, hidden MENU_AUTO_HIDE_MS later; a mouse resting on it opens it after
// MENU_SHOW_DEBOUNCE_MS and leaving hides it after MENU_HIDE_DEBOUNCE_MS, so
// passing over it does nothing. Keyboard focus opens it at once; a new route
// closes it. Below the desktop breakpoint it is a drawer over the page, and a
// mouse resting where the drawer appears (the sign-in button's place, after
// signing in) must not hold it open: there only the toggle opens it.
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type PointerEvent } from "react";
import { BREAKPOINTS, MENU_AUTO_HIDE_MS, MENU_HIDE_DEBOUNCE_MS, MENU_SHOW_DEBOUNCE_MS } from "@clubcast/shared";

/** Whether the menu is the phone's drawer (the CSS's --mobile) rather than the desktop's rail. */
const isDrawer = () => window.matchMedia(`(max-width: ${BREAKPOINTS.mobileMax}px)`).matches;

/** A mouse (not touch, not the drawer) resting on or leaving the rail. */
const hoversRail = (event: PointerEvent) => event.pointerType === "mouse" && !isDrawer();

export interface SideMenu {
  open: boolean;
  toggle(): void;
  close(): void;
  /** Spread onto the navigation element. */
  handlers: {
    onPointerEnter(event: PointerEvent): void;
    onPointerLeave(event: PointerEvent): void;
    onFocus(): void;
    onBlur(event: FocusEvent): void;
  };
}

export function useSideMenu(pathname: string): SideMenu {
  const [open, setOpen] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const settle = useCallback((next: boolean, delay = 0) => {
    clearTimeout(timer.current);
    if (delay === 0) setOpen(next);
    else timer.current = setTimeout(() => setOpen(next), delay);
  }, []);

  useEffect(() => {
    settle(false, MENU_AUTO_HIDE_MS);
    return () => clearTimeout(timer.current);
  }, [settle]);

  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    settle(false);
  }, [pathname, settle]);

  return useMemo<SideMenu>(
    () => ({
      open,
      toggle: () => settle(!open),
      close: () => settle(false),
      handlers: {
        // Touch has no hover: a tap is a click on what it hits.
        onPointerEnter: (event) => hoversRail(event) && settle(true, MENU_SHOW_DEBOUNCE_MS),
        onPointerLeave: (event) => hoversRail(event) && settle(false, MENU_HIDE_DEBOUNCE_MS),
        onFocus: () => settle(true),
        onBlur: (event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) settle(false, MENU_HIDE_DEBOUNCE_MS);
        },
      },
    }),
    [open, settle],
  );
}
