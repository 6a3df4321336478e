/** A record's id in a route's path ("/matches/42"), or null when the segment can't be one. */
export function routeId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
