// nginx with the RTMP module (Debian's libnginx-mod-rtmp) takes the RTMP
// publishers: it holds each publish until our on_publish callback answers
// (2xx lets it in, anything else refuses it), refuses a second publisher on a
// stream that is already publishing, and drops idle (stalled) publishers.
// The gateway runs it as a child process with a generated configuration and
// restarts it when it dies.
import { spawnSync, type ChildProcess } from "node:child_process";
import { spawnTied } from "./processes.ts";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { RTMP_APP } from "@clubcast/shared";

export const NGINX_BINARY = "/usr/sbin/nginx";
export const RTMP_MODULE = "/usr/lib/nginx/modules/ngx_rtmp_module.so";
/** The application the SRT relay pushes into, from loopback only. */
export const SRT_APP = "srt";
/** A publisher that sends nothing for this long is dropped. */
const IDLE_PUBLISHER_SECONDS = 10;

export function hasNginxRtmp(): boolean {
  return existsSync(RTMP_MODULE) && spawnSync(NGINX_BINARY, ["-v"], { stdio: "ignore" }).status === 0;
}

export interface NginxOptions {
  host: string;
  rtmpPort: number;
  /** Base URL of the gateway's callbacks: {callbackUrl}/rtmp/publish and /rtmp/publish-done. */
  callbackUrl: string;
  workDir: string;
  log(line: string): void;
  /** nginx died: its publishers are gone, and it never called on_publish_done for them. */
  onExit(): void;
}

function configuration({ host, rtmpPort, callbackUrl, workDir }: NginxOptions): string {
  const application = (name: string, publishFrom: string) => `
    application ${name} {
      live on;
      # The gateway's writer joins a stream before its publisher is let in (so it gets the first frame):
      # idle streams keep it waiting, on_play tells the gateway it is seated, and publish_notify ends its
      # input when the publisher leaves. It starts at a keyframe, and audio only with the video, so a
      # recording's picture and sound begin together.
      idle_streams on;
      publish_notify on;
      wait_key on;
      wait_video on;
      drop_idle_publisher ${IDLE_PUBLISHER_SECONDS}s;
      on_publish ${callbackUrl}/rtmp/publish;
      on_publish_done ${callbackUrl}/rtmp/publish-done;
      on_play ${callbackUrl}/rtmp/play;
      allow publish ${publishFrom};
      deny publish all;
      # Only the gateway's own ffmpeg reads the streams; viewers get HLS from the API.
      allow play 127.0.0.1;
      deny play all;
    }`;
  return `load_module ${RTMP_MODULE};
daemon off;
master_process off;
error_log ${join(workDir, "error.log")} warn;
pid ${join(workDir, "nginx.pid")};
events { worker_connections 4096; }
rtmp {
  server {
    listen ${host === "0.0.0.0" ? "" : `${host}:`}${rtmpPort};
    chunk_size 4096;
    notify_method post;
    ${application(RTMP_APP, "all")}
    ${application(SRT_APP, "127.0.0.1")}
  }
}
http {
  access_log off;
  client_body_temp_path ${join(workDir, "client-body")};
  proxy_temp_path ${join(workDir, "proxy")};
  fastcgi_temp_path ${join(workDir, "fastcgi")};
  uwsgi_temp_path ${join(workDir, "uwsgi")};
  scgi_temp_path ${join(workDir, "scgi")};
  server {
    listen unix:${join(workDir, "control.sock")};
    location /control { rtmp_control all; }
    location /stat { rtmp_stat all; }
  }
}
`;
}

export interface RunningNginx {
  /** Drops the publisher of app/name (a rotated key, a refused codec). */
  dropPublisher(app: string, name: string): Promise<void>;
  /** Bytes each stream (by app/name) has taken in from its publisher so far. */
  bytesIn(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/**
 * Stops an nginx a killed gateway left behind (it outlives its parent and keeps
 * the RTMP port): its pid file names it, and its command line must say it is ours.
 */
function stopStaleNginx(workDir: string, log: (line: string) => void): void {
  const pidFile = join(workDir, "nginx.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8"), 10);
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return; // not running
  }
  if (!commandLine.includes(workDir)) return;
  log(`stopping the nginx (pid ${pid}) a previous gateway left running`);
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone meanwhile
  }
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  mkdirSync(options.workDir, { recursive: true });
  stopStaleNginx(options.workDir, options.log);
  const conf = join(options.workDir, "nginx.conf");
  writeFileSync(conf, configuration(options));
  const check = spawnSync(
    NGINX_BINARY,
    ["-t", "-q", "-p", options.workDir, "-c", conf, "-e", join(options.workDir, "error.log")],
    {
      encoding: "utf8",
    },
  );
  if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr.trim()}`);

  let child: ChildProcess | null = null;
  let closing = false;
  let restarts = 0;
  const run = () => {
    // A killed nginx (the one before, or a killed gateway's) leaves its control socket
    // behind, and a new one would fail to bind it again and again.
    rmSync(join(options.workDir, "control.sock"), { force: true });
    const started = spawnTied(
      NGINX_BINARY,
      ["-p", options.workDir, "-c", conf, "-e", join(options.workDir, "error.log")],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    started.stderr?.on("data", (chunk: Buffer) => options.log(`nginx: ${chunk.toString().trim()}`));
    started.once("exit", (code, signal) => {
      if (closing) return;
      options.onExit();
      restarts += 1;
      const delay = Math.min(5000, 200 * 2 ** Math.min(restarts, 5));
      options.log(`nginx exited (${code ?? signal}); restarting in ${delay} ms`);
      setTimeout(() => !closing && (child = run()), delay).unref();
    });
    return started;
  };
  child = run();
  await waitForPort(options.host === "0.0.0.0" ? "127.0.0.1" : options.host, options.rtmpPort);

  /** A GET on nginx's control socket: its body, or null when nginx could not be asked. */
  const control = (path: string) =>
    new Promise<string | null>((resolve) => {
      const call = request({ socketPath: join(options.workDir, "control.sock"), path }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve(body));
      });
      call.on("error", (error) => (options.log(`asking nginx ${path} failed: ${error.message}`), resolve(null)));
      call.end();
    });

  return {
    async dropPublisher(app, name) {
      await control(`/control/drop/publisher?app=${encodeURIComponent(app)}&name=${encodeURIComponent(name)}`);
    },
    async bytesIn() {
      return streamBytesIn((await control("/stat")) ?? "");
    },
    async close() {
      closing = true;
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once("exit", resolve));
        child.kill("SIGQUIT");
        setTimeout(() => child?.kill("SIGKILL"), 3000).unref();
        await exited;
      }
    },
  };
}

/** Each stream's bytes_in from rtmp_stat's XML, by app/name (names are stream keys and tokens: no markup). */
export function streamBytesIn(xml: string): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const application of xml.split("<application>").slice(1)) {
    const app = /<name>([^<]*)<\/name>/.exec(application)?.[1];
    for (const stream of application.split("<stream>").slice(1)) {
      const name = /<name>([^<]*)<\/name>/.exec(stream)?.[1];
      const bytesIn = /<bytes_in>(\d+)<\/bytes_in>/.exec(stream)?.[1];
      if (app && name && bytesIn) bytes.set(`${app}/${name}`, Number(bytesIn));
    }
  }
  return bytes;
}

async function waitForPort(host: string, port: number): Promise<void> {
  const { connect } = await import("node:net");
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host, () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${host}:${port}`);
}
