// docker-compose.yml and the Dockerfile, checked as far as a machine without a
// Docker engine allows: every service's command exists, every variable they set
// is a setting (.env.example), and every part of `npm start` has its service.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPOSITORY_ROOT, SETTINGS } from "@clubcast/settings";
import { COMMAND_ENTRIES, PLATFORM_ENTRIES } from "../entries.ts";

interface Service {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
}

const read = (file: string) => readFileSync(join(REPOSITORY_ROOT, file), "utf8");
const compose = parse(read("docker-compose.yml"), { merge: true }) as { services: Record<string, Service> };
const dockerfile = read("Dockerfile");
const envExample = read(".env.example");
const packageScripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
/** The services running the platform's own image. */
const platformServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const bundles = new Map<string, string>(
  Object.values({ ...PLATFORM_ENTRIES, ...COMMAND_ENTRIES }).map((entry) => [entry.bundle, entry.source]),
);

/** What a command runs in the image: a bundle `npm run build` makes, or a package.json script. */
function problemWithCommand(command: string[]): string | null {
  const [program, ...args] = command;
  if (program === "node") {
    const file = args.find((arg) => !arg.startsWith("-"));
    if (!file) return "node without a file";
    if (file.startsWith("dist/")) {
      const source = bundles.get(file);
      if (!source) return `${file} is no bundle of npm run build (scripts/entries.ts)`;
      return existsSync(join(REPOSITORY_ROOT, source)) ? null : `${source} (compiled to ${file}) is missing`;
    }
    return existsSync(join(REPOSITORY_ROOT, file)) ? null : `${file} is missing`;
  }
  if (program === "npm") {
    const script = args[0] === "run" ? args[1] : args[0];
    return script && packageScripts[script] ? null : `npm script ${script} is missing`;
  }
  return `${program} is not a program of the image`;
}

describe("docker-compose.yml and the Dockerfile", () => {
  it("give every platform service a command that exists in the image", () => {
    expect(platformServices.length).toBeGreaterThan(0);
    for (const [name, service] of platformServices) {
      expect(service.command, name).toBeDefined();
      expect(problemWithCommand(service.command!), name).toBeNull();
    }
  });

  it("run, in the image, the scripts and files that exist", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(problemWithCommand(JSON.parse(cmd!) as string[])).toBeNull();
    for (const [, script] of dockerfile.matchAll(/npm run ([\w:-]+)/g))
      expect(packageScripts[script!], script).toBeDefined();
    for (const [, sources] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of sources!.split(" ")) expect(existsSync(join(REPOSITORY_ROOT, source)), source).toBe(true);
    }
    // The production start: compiled, not tsx.
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/npm run build/);
  });

  it("set only variables that are settings, each listed in .env.example", () => {
    const names = new Set<string>();
    for (const [, service] of platformServices)
      for (const name of Object.keys(service.environment ?? {})) names.add(name);
    for (const [, assignments] of dockerfile.matchAll(/^ENV (.+)$/gm)) {
      for (const [, name] of assignments!.matchAll(/(\w+)=/g)) names.add(name!);
    }
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) {
      expect(Object.keys(SETTINGS), name).toContain(name);
      expect(envExample, name).toMatch(new RegExp(`^(# )?${name}=`, "m"));
    }
  });

  it("have a service for every part npm start runs, media gateway included, and for preparing the database", () => {
    const commands = platformServices.map(([, service]) => service.command!.join(" "));
    for (const { bundle } of [...Object.values(PLATFORM_ENTRIES), COMMAND_ENTRIES["db-prepare"]]) {
      expect(
        commands.some((command) => command.endsWith(bundle)),
        bundle,
      ).toBe(true);
    }
  });

  it("mount the media volume wherever MEDIA_DIR points, so the API serves what the gateway writes", () => {
    for (const [name, service] of platformServices) {
      const mediaDir = service.environment?.MEDIA_DIR;
      if (!mediaDir || !/dist\/(server|worker|media)\.js$/.test(service.command!.join(" "))) continue;
      expect(service.volumes ?? [], name).toContain(`media:${mediaDir}`);
    }
  });
});
