// The club a club-bound dashboard page (scheduler, recorded, offline) works on:
// `?club=` when given (system administrators pick any club), else the current
// club (the user's own). A system administrator without one picks it here.
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useAuth } from "../auth/AuthProvider.tsx";
import { useCurrentClub } from "./current-club.tsx";
import { trpc, type RouterOutputs } from "./trpc.ts";
import "../styles/scheduler.css";

export type ClubDetails = RouterOutputs["clubs"]["get"]["data"];

export function useWorkingClub(): { clubId: number | null; chooseClub: (id: number) => void } {
  const [params, setParams] = useSearchParams();
  const current = useCurrentClub().club;
  const fromQuery = Number(params.get("club"));
  const clubId = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : (current?.id ?? null);
  const chooseClub = (id: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set("club", String(id));
      // Page numbers belong to the previous club's lists.
      for (const key of [...next.keys()]) if (key.endsWith("page")) next.delete(key);
      return next;
    });
  return { clubId, chooseClub };
}

/** The working club's details (timezone, sport), loaded once per club. */
export function useClubDetails(clubId: number | null) {
  return trpc.clubs.get.useQuery({ id: clubId ?? 0 }, { enabled: clubId !== null, staleTime: 5 * 60_000 });
}

/** Clubs a system administrator may work on (all of them); others only have their own. */
export function ClubPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation("clubs");
  const id = useId();
  const isSystem = useAuth().scope === "system";
  const clubs = trpc.clubs.list.useQuery({ page: 1, limit: PAGINATION.maxLimit }, { enabled: isSystem });
  if (!isSystem) return null;
  return (
    <div className="club-picker">
      <label htmlFor={id} className="club-picker__label">
        {t("picker.label")}
      </label>
      <select
        id={id}
        className="input select club-picker__select"
        value={value ?? ""}
        disabled={!clubs.data}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        <option value="" disabled>
          {clubs.isPending ? t("picker.loading") : t("picker.choose")}
        </option>
        {clubs.data?.data.map((club) => (
          <option key={club.id} value={club.id}>
            {club.name}
          </option>
        ))}
      </select>
    </div>
  );
}
