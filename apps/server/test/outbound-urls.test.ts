// A configuration's camera server URL (the worker calls it) may not point into this machine or the
// network behind it: loopback, link-local and the cloud's metadata service, private ranges, and the
// numeric forms that hide them (http://2130706433, 0x7f.1, octal) answer 422 naming the field, unless
// OUTBOUND_ALLOWED_HOSTS names the host (by default the demo's simulator and gateway, 127.0.0.1).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestAppWithCast } from "@clubcast/testkit/api";

const { t, http, cast } = useTestAppWithCast();

const save = (server_url: string) =>
  http.post("/v1/configurations", { data: { club: cast.clubA.id, server_url } }, cast.system.token);

const byte = fc.integer({ min: 0, max: 255 });
/** Addresses in the refused IPv4 ranges, as four numbers. */
const privateIpv4 = fc.oneof(
  fc.tuple(fc.constant(127), byte, byte, byte),
  fc.tuple(fc.constant(10), byte, byte, byte),
  fc.tuple(fc.constant(169), fc.constant(254), byte, byte),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), byte, byte),
  fc.tuple(fc.constant(192), fc.constant(168), byte, byte),
  fc.tuple(fc.constant(0), byte, byte, byte),
  fc.constant([169, 254, 169, 254]),
);
const numberOf = (parts: readonly number[]) => parts.reduce((sum, part) => sum * 256 + part, 0);
/** Every way a URL's host may write an IPv4 address: dotted, one number (decimal, hex, octal), mixed, short. */
const writtenForms = (parts: readonly number[]): string[] => {
  const [a, b, c, d] = parts as [number, number, number, number];
  return [
    parts.join("."),
    String(numberOf(parts)),
    `0x${numberOf(parts).toString(16)}`,
    `0${numberOf(parts).toString(8)}`,
    parts.map((part) => `0x${part.toString(16)}`).join("."),
    parts.map((part) => `0${part.toString(8)}`).join("."),
    `${a}.${numberOf([b, c, d])}`,
    `${a}.${b}.${numberOf([c, d])}`,
    `0x${a.toString(16)}.${b}.0${c.toString(8)}.${d}`,
  ];
};
const hex = fc.integer({ min: 0, max: 0xffff }).map((group) => group.toString(16));
/** IPv6 loopback, link-local, unique-local (the metadata service's fd00:ec2::254), v4-mapped private, unspecified. */
const privateIpv6 = fc.oneof(
  fc.constantFrom("::1", "::", "fd00:ec2::254", "0:0:0:0:0:0:0:1"),
  fc.tuple(hex, hex).map(([x, y]) => `fe80::${x}:${y}`),
  fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex).map(([head, tail]) => `${head.toString(16)}::${tail}`),
  privateIpv4.map((parts) => `::ffff:${parts.join(".")}`),
);
const scheme = fc.constantFrom("http", "https");
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
const suffix = (p: number | undefined) => (p === undefined ? "" : `:${p}`);

const hostileUrls = fc.oneof(
  fc
    .tuple(scheme, privateIpv4, fc.nat(8), port)
    .map(([s, parts, form, p]) => `${s}://${writtenForms(parts)[form]}${suffix(p)}/`),
  // A public address written as a number hides what it is too.
  fc
    .tuple(scheme, fc.tuple(fc.integer({ min: 11, max: 99 }), byte, byte, byte), fc.integer({ min: 1, max: 8 }), port)
    .map(([s, parts, form, p]) => `${s}://${writtenForms(parts)[form]}${suffix(p)}/`),
  fc.tuple(scheme, privateIpv6, port).map(([s, ip, p]) => `${s}://[${ip}]${suffix(p)}/`),
  fc
    .tuple(scheme, fc.constantFrom("localhost", "LOCALHOST.", "cams.localhost"), port)
    .map(([s, h, p]) => `${s}://${h}${suffix(p)}`),
  fc.constant("http://169.254.169.254/latest/meta-data/"),
  fc.constant("http://2130706433"),
);

describe("a configuration's server_url", () => {
  it("refuses every loopback, link-local, metadata, private and numerically written host with 422", async () => {
    await fc.assert(
      fc.asyncProperty(hostileUrls, async (url) => {
        const answer = await save(url);
        expect(answer.statusCode, url).toBe(422);
        expect(Object.keys(answer.json().errors), url).toEqual(["data.server_url"]);
      }),
      { numRuns: 150 },
    );
    expect(await t.deps.prisma.configuration.count({ where: { serverUrl: { not: null } } })).toBe(0);
  });

  it("takes public hosts, and the demo's own simulator and gateway host (127.0.0.1 by default)", async () => {
    expect(t.config.outboundAllowedHosts).toContain("127.0.0.1");
    for (const url of ["https://camera-server.example.com:8443", "http://203.0.113.10:8080", `http://127.0.0.1:4100`]) {
      expect((await save(url)).statusCode, url).toBe(200);
    }
  });
});
