// A titled list of match cards with its loading, empty and error states.
import type { ReactNode } from "react";
import { emptyMessageOf } from "../lib/list-state.ts";
import type { Match } from "../lib/matches.ts";
import { MatchCard } from "./MatchCard.tsx";
import { MatchGridSkeleton } from "./Skeleton.tsx";
import { EmptyState, ErrorState } from "./States.tsx";

export interface ListQuery {
  data?: { data: Match[]; message?: string } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function MatchGrid({
  query,
  skeletons,
  emptyTitle,
  emptyText,
}: {
  query: ListQuery;
  skeletons: number;
  emptyTitle: string;
  emptyText?: string;
}) {
  if (query.isPending) return <MatchGridSkeleton count={skeletons} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const matches = query.data?.data ?? [];
  if (matches.length === 0) return <EmptyState title={emptyMessageOf(query, emptyTitle)} text={emptyText} />;
  return (
    <div className="match-grid">
      {matches.map((match) => (
        <MatchCard key={match.id} match={match} />
      ))}
    </div>
  );
}

export function MatchSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
