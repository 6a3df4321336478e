import { describe, expect, it } from "vitest";
import { domainsModuleSource, generatedFileIsCurrent } from "../generate-domains.ts";

describe("the server's generated list of domains", () => {
  it("is up to date with the domain folders (run npm run generate:domains)", async () => {
    expect(await generatedFileIsCurrent()).toBe(true);
  });

  it("imports every folder with operations under its camel-cased name", async () => {
    const source = await domainsModuleSource();
    expect(source).toContain('import apiClients from "./api-clients/operations.ts";');
    expect(source).toMatch(/export const domains = \{[^}]*\bmatches\b[^}]*\};/);
  });
});
