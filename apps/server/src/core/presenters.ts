// Pieces the domains' presenters (db row -> API JSON) share.

/** The spec's 0/1 flags. */
export const flagOf = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Selects a related record as answers show it: {id, name}. */
export const idAndName = { select: { id: true, name: true } } as const;
