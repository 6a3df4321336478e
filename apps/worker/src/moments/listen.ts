// Listening to a match's sound with ffmpeg's filters alone (no model, no GPU): one pass decodes the
// sound to mono at SAMPLE_RATE, splits it into the whistle band, the whole sound and the voice band,
// and has astats measure each band's RMS level per window of WINDOW_MS; score.ts scores the levels.
import { createInterface } from "node:readline";
import { runBatch, spawnBatch } from "../batch-process.ts";
import { WINDOW_MS, type SoundLevels } from "./score.ts";

/** The sound is analysed at this rate: the whistle band (to 4.5 kHz) fits under its Nyquist frequency. */
export const SAMPLE_RATE = 16_000;

/** The band of a referee's whistle (Hz): a pea whistle sounds between about 3 and 4.5 kHz. */
export const WHISTLE_BAND = { low: 3000, high: 4500 } as const;
/** The band of a crowd's voices (Hz), below the whistle's. */
export const CROWD_BAND = { low: 200, high: 2000 } as const;

const centre = (band: { low: number; high: number }) => (band.low + band.high) / 2;
const width = (band: { low: number; high: number }) => band.high - band.low;

/**
 * The filter graph: three bands (whistle: two band-pass stages for a steeper skirt; whole; voices:
 * high- and low-pass), joined as the channels 1, 2, 3 of one stream, measured per window by astats
 * and printed by ametadata to stdout.
 */
export const LISTEN_FILTER = [
  `[0:a]aformat=sample_fmts=flt:sample_rates=${SAMPLE_RATE}:channel_layouts=mono,asplit=3[w][f][c]`,
  `[w]bandpass=f=${centre(WHISTLE_BAND)}:width_type=h:w=${width(WHISTLE_BAND)},` +
    `bandpass=f=${centre(WHISTLE_BAND)}:width_type=h:w=${width(WHISTLE_BAND)}[wb]`,
  `[c]highpass=f=${CROWD_BAND.low},lowpass=f=${CROWD_BAND.high},lowpass=f=${CROWD_BAND.high}[cb]`,
  `[wb][f][cb]join=inputs=3:channel_layout=3.0:map=0.0-FL|1.0-FR|2.0-FC,` +
    `asetnsamples=n=${(SAMPLE_RATE * WINDOW_MS) / 1000}:p=1,` +
    "astats=metadata=1:reset=1:measure_perchannel=RMS_level:measure_overall=none," +
    "ametadata=mode=print:file=pipe\\\\:1",
].join(";");

/** Why listening failed, as a person may read it (no paths, no command line). */
export class ListenError extends Error {}

/** A part of the sound: from `startMs`, `durationMs` long (all of it when absent). */
export interface SoundSpan {
  startMs?: number;
  durationMs?: number;
}

/**
 * Whether `source` (a file or an HLS playlist) has a sound track: a camera without a microphone
 * sends none, and the listening filter cannot read what is not there.
 */
export async function hasSound(source: string): Promise<boolean> {
  const args = ["-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", source];
  const { stdout } = await runBatch("ffprobe", args).catch(() => {
    throw new ListenError("the match's sound could not be read");
  });
  return stdout.trim() !== "";
}

/** A level as astats prints it ("-inf" for silence). */
const parseLevel = (text: string) => (text === "-inf" ? -Infinity : Number(text));

/** ffmpeg's arguments for the levels of `source` (a span of it), with at most `threads` threads. */
export function listenArgs(source: string, span: SoundSpan = {}, threads = 1): string[] {
  const startMs = span.startMs ?? 0;
  return [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-threads",
    String(threads),
    ...(startMs > 0 ? ["-ss", String(startMs / 1000)] : []),
    ...(span.durationMs === undefined ? [] : ["-t", String(span.durationMs / 1000)]),
    "-i",
    source,
    "-vn",
    "-filter_complex_threads",
    String(threads),
    "-filter_complex",
    LISTEN_FILTER,
    "-f",
    "null",
    "-",
  ];
}

/**
 * The levels of the sound of `source` (a file or an HLS playlist ffmpeg reads), per WINDOW_MS,
 * optionally of a span of it only (a live recording's latest chunk). `threads` caps ffmpeg's.
 */
export async function listen(source: string, span: SoundSpan = {}, threads = 1): Promise<SoundLevels> {
  const startMs = span.startMs ?? 0;
  const args = listenArgs(source, span, threads);
  const child = spawnBatch("ffmpeg", args, { stdio: ["ignore", "pipe", "ignore"] });
  const levels = { startMs, whistle: [] as number[], full: [] as number[], crowd: [] as number[] };
  const channels = [levels.whistle, levels.full, levels.crowd];
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  for await (const line of createInterface({ input: child.stdout })) {
    // lavfi.astats.<channel>.RMS_level=<dB>, channel 1–3 in the order of LISTEN_FILTER's join.
    const match = /^lavfi\.astats\.([123])\.RMS_level=(\S+)$/.exec(line);
    if (match) channels[Number(match[1]) - 1]!.push(parseLevel(match[2]!));
  }
  const code = await exited.catch(() => -1);
  if (code !== 0) throw new ListenError("the match's sound could not be read");
  return levels;
}
