// How a team is named wherever it is shown: its full name, then its addition
// ("JO17" + "1" → "JO17 1"), unless the full name already ends with the
// addition as its last words ("FC Zuiderpark JO17-1" + "JO17-1" stays as it is). The API's rule
// against two teams of one club with the same name compares these names too.

export interface NamedTeam {
  fullname: string;
  addition?: string | null;
}

const spaced = (text: string) => text.trim().replace(/\s+/g, " ");

export function teamName({ fullname, addition }: NamedTeam): string {
  const name = spaced(fullname);
  const extra = spaced(addition ?? "");
  const [lowerName, lowerExtra] = [name.toLocaleLowerCase(), extra.toLocaleLowerCase()];
  // Word by word: "JO11" + "1" is "JO11 1".
  if (!extra || lowerName === lowerExtra || lowerName.endsWith(` ${lowerExtra}`)) return name;
  return `${name} ${extra}`;
}

/** The name two teams of one club may not share: case and spacing aside. */
export const teamNameKey = (team: NamedTeam) => teamName(team).toLocaleLowerCase();
