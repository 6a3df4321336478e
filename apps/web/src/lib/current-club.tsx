// The dashboard's current club (spec sections 2 and 4): the user's own club
// after sign-in, or the club a page under dashboard/clubs selected. Leaving
// every route that contains dashboard/clubs resets the selection.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../auth/AuthProvider.tsx";

export interface ClubRef {
  id: number;
  name: string;
}

export interface CurrentClub {
  /** The selected club, else the user's own club; null when there is neither. */
  club: ClubRef | null;
  /** True while a page has selected a club (rather than showing the user's own). */
  selected: boolean;
  select(club: ClubRef): void;
  reset(): void;
}

const CurrentClubContext = createContext<CurrentClub | null>(null);

/** Whether a path belongs to the club pages (any locale): /dashboard/clubs, /nl/dashboard/clubs/3/offline, … */
export function isClubsPath(pathname: string): boolean {
  return /(^|\/)dashboard\/clubs(\/|$)/.test(pathname);
}

export function CurrentClubProvider({ children }: { children: ReactNode }) {
  const own = useAuth().user?.club ?? null;
  const { pathname } = useLocation();
  const [selection, setSelection] = useState<ClubRef | null>(null);
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (isClubsPath(previousPath.current) && !isClubsPath(pathname)) setSelection(null);
    previousPath.current = pathname;
  }, [pathname]);

  const select = useCallback(
    (club: ClubRef) =>
      setSelection((current) => (current?.id === club.id && current.name === club.name ? current : club)),
    [],
  );
  const reset = useCallback(() => setSelection(null), []);
  const ownId = own?.id;
  const ownName = own?.name;
  const value = useMemo<CurrentClub>(
    () => ({
      club: selection ?? (ownId !== undefined && ownName !== undefined ? { id: ownId, name: ownName } : null),
      selected: selection !== null,
      select,
      reset,
    }),
    [selection, ownId, ownName, select, reset],
  );
  return <CurrentClubContext.Provider value={value}>{children}</CurrentClubContext.Provider>;
}

export function useCurrentClub(): CurrentClub {
  const current = useContext(CurrentClubContext);
  if (!current) throw new Error("useCurrentClub needs a CurrentClubProvider (the dashboard frame holds one)");
  return current;
}

/** Makes `club` the current club while the calling page shows it (a club page under dashboard/clubs). */
export function useSelectClub(club: ClubRef | null | undefined): void {
  const { select } = useCurrentClub();
  const id = club?.id;
  const name = club?.name;
  useEffect(() => {
    if (id !== undefined && name !== undefined) select({ id, name });
  }, [id, name, select]);
}
