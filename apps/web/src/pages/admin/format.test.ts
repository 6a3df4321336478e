import { describe, expect, it } from "vitest";
import { formatBytes } from "./format.ts";

describe("sizes in bytes", () => {
  it("read in decimal units with three digits at most, in the locale's form", () => {
    expect(formatBytes(0, "en")).toBe("0 byte");
    expect(formatBytes(512, "en")).toBe("512 byte");
    expect(formatBytes(1_500, "en")).toBe("1.5 kB");
    expect(formatBytes(412_500_000_000, "en")).toBe("413 GB");
    expect(formatBytes(1_969_000_000_000, "en")).toBe("1.97 TB");
    expect(formatBytes(1_250_000_000_000, "nl")).toBe("1,25 TB");
    expect(formatBytes(31_000_000_000, "de")).toBe("31\u00a0GB");
  });

  it("move to the next unit rather than read 1,000 of one", () => {
    expect(formatBytes(999_999, "en")).toBe("1 MB");
    expect(formatBytes(-5, "en")).toBe("0 byte");
  });
});
