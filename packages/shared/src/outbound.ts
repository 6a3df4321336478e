// Which addresses the platform's own calls may go to. A system admin sets a configuration's camera
// server URL and the worker calls it: without this rule that URL could reach the machine itself, the
// cloud's metadata service (169.254.169.254, fd00:ec2::254) or the private network behind it. Used
// where the URL is saved (422) and again by the worker once the host name is resolved.

/** IPv4 ranges no outbound call may reach: [first address as a number, prefix length]. */
const PRIVATE_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3], // multicast, reserved, broadcast
];

function ipv4Number(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) {
    return null;
  }
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isPrivateIpv4(ip: string): boolean {
  const value = ipv4Number(ip)!;
  return PRIVATE_IPV4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Number(first)! / size);
  });
}

/** An IPv6 address's eight 16-bit groups (an embedded IPv4 tail counted as two), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const value = ipv4Number(v4Tail[1]!);
    if (value === null) return null;
    text = `${text.slice(0, -v4Tail[1]!.length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function isPrivateIpv6(groups: number[]): boolean {
  const [first] = groups as [number];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses are that IPv4 address.
  if (zeroUpTo(5) && (groups[5] === 0xffff || groups[5] === 0)) {
    const v4 = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
    return isPrivateIpv4(v4);
  }
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7 (fd00:ec2::254, the cloud metadata service)
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x64 && groups[1] === 0xff9b) // NAT64 64:ff9b::/96, an IPv4 address behind it
  );
}

/** Whether `ip` (IPv4 dotted, or IPv6 with or without brackets) is loopback, link-local, private or reserved. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "");
  if (ipv4Number(bare) !== null) return isPrivateIpv4(bare);
  const groups = ipv6Groups(bare.replace(/%.*$/, ""));
  return groups === null || isPrivateIpv6(groups);
}

/** The host as written in `url` (before the URL parser turns `2130706433` or `0x7f.1` into 127.0.0.1). */
function writtenHost(url: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** Why an outbound URL is refused: its host is a private address, or is written in an obfuscated form. */
export type OutboundUrlProblem = "private_address" | "obfuscated_host";

/**
 * Why the platform may not call `url`, or null. `allowedHosts` (host names or addresses, as a URL
 * shows them) pass whatever they are: the demo's own simulator and gateway on 127.0.0.1. Host names
 * pass here; the worker checks the addresses they resolve to (with outboundAddressAllowed).
 */
export function outboundUrlProblem(url: string, allowedHosts: readonly string[]): OutboundUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // not a URL at all: the field's own schema says so
  }
  const host = parsed.hostname.toLowerCase();
  const isIpv4 = ipv4Number(host) !== null;
  // 2130706433, 0x7f.1, 0177.0.0.1, 127.1: numbers the parser reads as an address, written to hide it.
  if (isIpv4 && writtenHost(url) !== host) return "obfuscated_host";
  if (allowedHosts.some((allowed) => allowed.toLowerCase() === host)) return null;
  if (isIpv4 || host.startsWith("[")) return isPrivateAddress(host) ? "private_address" : null;
  // A name that is an address by definition (localhost and its subdomains, a trailing dot's variants).
  if (/(^|\.)localhost\.?$/.test(host) || host === "") return "private_address";
  return null;
}

/** Whether a resolved address of `host` may be called (an allowed host may resolve anywhere). */
export function outboundAddressAllowed(host: string, address: string, allowedHosts: readonly string[]): boolean {
  const lower = host.toLowerCase();
  return allowedHosts.some((allowed) => allowed.toLowerCase() === lower) || !isPrivateAddress(address);
}
