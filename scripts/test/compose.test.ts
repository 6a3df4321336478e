// docker-compose.yml and the Dockerfile, checked as far as a machine without a
// Docker engine allows: every service's command exists, every variable they set
// is a setting (.env.example), every part of `npm start` has its service, and the optional services
// (the s3 and two-gateways profiles) stay out of `docker compose up -d`.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPOSITORY_ROOT, SETTINGS, mediaStorageOf, parseSettings } from "@clubcast/settings";
import { COMMAND_ENTRIES, PLATFORM_ENTRIES } from "../entries.ts";

interface Service {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  profiles?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  networks?: { default?: { aliases?: string[] } };
}

const read = (file: string) => readFileSync(join(REPOSITORY_ROOT, file), "utf8");
const composeText = read("docker-compose.yml");
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const dockerfile = read("Dockerfile");
const envExample = read(".env.example");
const packageScripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
/** The services running the platform's own image. */
const platformServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const bundles = new Map<string, string>(
  Object.values({ ...PLATFORM_ENTRIES, ...COMMAND_ENTRIES }).map((entry) => [entry.bundle, entry.source]),
);

/** Compose's interpolation: `${NAME:-default}` from the caller's environment, `$$` a literal `$`. */
const INTERPOLATION = /\$\$|\$\{(\w+):-([^}]*)\}/g;
function interpolated(value: string, variables: Record<string, string>): string {
  return value.replace(INTERPOLATION, (match, name?: string, fallback?: string) =>
    name === undefined ? "$" : variables[name] || fallback!,
  );
}
/** A service's environment as the containers get it when `docker compose` runs with these variables. */
function environmentOf(name: string, variables: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(compose.services[name]!.environment ?? {}).map(([key, value]) => [
      key,
      interpolated(String(value), variables),
    ]),
  );
}
/** The host side of each published port ("1936:1936" → "1936", "8891:8891/udp" → "8891/udp"). */
function publishedPorts(service: Service): string[] {
  return (service.ports ?? []).map((port) => port.replace(/:\d+/, ""));
}
const inProfile = (profile: string) =>
  Object.keys(compose.services).filter((name) => compose.services[name]!.profiles?.includes(profile));

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
    // And what the operator may set on the docker compose command line (MEDIA_STORAGE=s3, S3_*).
    for (const [, name] of composeText.matchAll(INTERPOLATION)) if (name) names.add(name);
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

  it("start none of the optional services with docker compose up -d, and need no variable for it", () => {
    // Every interpolation has a default: `docker compose up -d` with no variable set is the default start.
    expect(composeText.match(/(?<!\$)\$\{[^}]*\}/g)!.every((found) => /^\$\{\w+:-[^}]*\}$/.test(found))).toBe(true);
    const defaults = Object.entries(compose.services).filter(([, service]) => !service.profiles);
    expect(Object.fromEntries(defaults.map(([name, service]) => [name, publishedPorts(service)]))).toEqual({
      postgres: ["5432"],
      redis: ["6379"],
      mail: ["1025", "8025"],
      migrate: [],
      server: ["3000"],
      worker: [],
      media: ["1935", "8890/udp"],
      "camera-sim": ["4100"],
    });
    expect(inProfile("s3").sort()).toEqual(["minio", "minio-bucket"]);
    expect(inProfile("two-gateways")).toEqual(["media-b"]);
    // A default service may wait for an optional one only when that one runs: Compose refuses the start otherwise.
    for (const [name, service] of defaults) {
      for (const [dependency, { required }] of Object.entries(service.depends_on ?? {})) {
        if (compose.services[dependency]!.profiles) expect(required, `${name} → ${dependency}`).toBe(false);
      }
    }
    for (const [name] of defaults.filter(([, service]) => service.build !== undefined)) {
      expect(environmentOf(name).MEDIA_STORAGE, name).toBe("local");
    }
  });

  it("keep media in the s3 profile's MinIO bucket with MEDIA_STORAGE=s3, once the bucket is made", () => {
    const minio = compose.services.minio!;
    expect(minio.image).toMatch(/^minio\/minio/);
    expect(minio.healthcheck?.test.length).toBeGreaterThan(0);
    const bucketMaker = compose.services["minio-bucket"]!;
    expect(bucketMaker.image).toMatch(/^minio\/mc/);
    expect(bucketMaker.depends_on?.minio?.condition).toBe("service_healthy");
    const maker = environmentOf("minio-bucket");
    expect(interpolated(bucketMaker.command!.join(" "), {})).toMatch(/mc mb --ignore-existing "store\/\$S3_BUCKET"/);
    const root = environmentOf("minio");
    expect([maker.S3_ACCESS_KEY_ID, maker.S3_SECRET_ACCESS_KEY]).toEqual([
      root.MINIO_ROOT_USER,
      root.MINIO_ROOT_PASSWORD,
    ]);
    for (const [name, service] of platformServices.filter(([, service]) => service.volumes?.length)) {
      const environment = environmentOf(name, { MEDIA_STORAGE: "s3" });
      // What the platform itself makes of them: a start refused for a missing S3 setting fails here.
      const storage = mediaStorageOf(parseSettings(environment));
      expect(storage, name).toMatchObject({
        driver: "s3",
        bucket: maker.S3_BUCKET,
        accessKeyId: root.MINIO_ROOT_USER,
        secretAccessKey: root.MINIO_ROOT_PASSWORD,
      });
      // Containers and browsers (sent there by pre-signed URLs) reach MinIO by the same name.
      const endpoint = new URL((storage as Extract<typeof storage, { driver: "s3" }>).endpoint);
      expect(minio.networks?.default?.aliases, name).toContain(endpoint.hostname);
      expect(endpoint.hostname).toMatch(/\.localhost$/);
      expect(publishedPorts(minio), name).toContain(endpoint.port);
      expect(service.depends_on?.["minio-bucket"], name).toEqual({
        condition: "service_completed_successfully",
        required: false,
      });
    }
  });

  it("run a second media gateway in the two-gateways profile, on the media volume, with ports of its own", () => {
    const [first, second] = [compose.services.media!, compose.services["media-b"]!];
    expect(second.command).toEqual(first.command);
    expect(second.volumes).toContain(`media:${environmentOf("media-b").MEDIA_DIR}`);
    expect(environmentOf("media-b").MEDIA_DIR).toBe(environmentOf("media").MEDIA_DIR);
    const taken = Object.entries(compose.services)
      .filter(([name]) => name !== "media-b")
      .flatMap(([, service]) => publishedPorts(service));
    for (const port of publishedPorts(second)) expect(taken, port).not.toContain(port);
    // Inside as outside: the ingest URLs it logs are the ones cameras publish to.
    const gateway = environmentOf("media-b");
    expect(second.ports).toEqual([
      `${gateway.RTMP_PORT}:${gateway.RTMP_PORT}`,
      `${gateway.SRT_PORT}:${gateway.SRT_PORT}/udp`,
    ]);
    // Each gateway is known by http://MEDIA_HOST:MEDIA_PORT: its own service name, which the worker may call.
    const allowed = environmentOf("worker").OUTBOUND_ALLOWED_HOSTS!.split(",");
    for (const name of ["media", "media-b"]) {
      expect(environmentOf(name).MEDIA_HOST).toBe(name);
      expect(allowed).toContain(name);
    }
  });
});
