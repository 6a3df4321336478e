// What the browser journeys of the clips and summaries tables share: a real
// MP4 to serve as their videos, and the bulk download read back as the names
// of the files in its zip.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { toast } from "./dashboard.ts";

/** One second of real H.264 video, made with ffmpeg. */
export function sampleVideo(): string {
  const file = join(mkdtempSync(join(tmpdir(), "clubcast-e2e-video-")), "video.mp4");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "1"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file],
  ]);
  return file;
}

/** Downloads the selected rows with the bulk action, waits for its toast, and lists the zip's files, sorted. */
export async function downloadZip(page: Page, toastText: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  await toast(page, toastText);
  const zip = join(mkdtempSync(join(tmpdir(), "clubcast-e2e-zip-")), "download.zip");
  await download.saveAs(zip);
  return execFileSync("unzip", ["-Z1", zip]).toString().trim().split("\n").sort();
}
