// Grey placeholders in the shape of what is loading.

export function Skeleton({
  width,
  height = 16,
  round = false,
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
}) {
  return <span className={`skeleton${round ? " skeleton--round" : ""}`} style={{ width, height }} aria-hidden="true" />;
}

export function MatchCardSkeleton() {
  return (
    <div className="match-card match-card--skeleton" aria-hidden="true">
      <div className="match-card__poster skeleton-block" />
      <div className="match-card__body">
        <Skeleton width="80%" height={18} />
        <Skeleton width="55%" />
        <Skeleton width="65%" />
      </div>
    </div>
  );
}

export function MatchGridSkeleton({ count }: { count: number }) {
  return (
    <div className="match-grid" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <MatchCardSkeleton key={index} />
      ))}
    </div>
  );
}
