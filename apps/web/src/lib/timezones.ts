/** Every IANA zone the browser knows, with `current` first when the browser lacks it. */
export function timezones(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes(current) ? known : [current, ...known];
}
