// What ffprobe reads of a video file the worker made: it decodes every frame, so a broken file fails here.
import { execFileSync } from "node:child_process";

/** Duration in seconds, video frames decoded and the audio codec ("" without audio) of a video file. */
export function measure(file: string): { seconds: number; frames: number; audio: string } {
  const probe = (args: string[]) =>
    execFileSync("ffprobe", ["-v", "error", ...args, "-of", "csv=p=0", file], { encoding: "utf8" }).trim();
  return {
    seconds: Number(probe(["-show_entries", "format=duration"])),
    frames: Number(probe(["-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames"])),
    audio: probe(["-select_streams", "a", "-show_entries", "stream=codec_name"]),
  };
}
