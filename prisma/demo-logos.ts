// The demo clubs' logos, drawn here as PNG files at seed time (no downloads):
// a shield in the club's two colours with a pattern of its own, so the seeded
// lists show six different crests, as real clubs' uploaded logos would.
import { crc32, deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];

/** How the shield's field is divided between the two colours. */
export type CrestPattern = "stripes" | "hoops" | "halves" | "quarters" | "chevron" | "sash";

export interface DemoLogo {
  primary: Rgb;
  secondary: Rgb;
  pattern: CrestPattern;
}

const OUTLINE: Rgb = [24, 28, 32];

/** Whether (x, y), both 0..1 from the top left, lies inside a shield inset by `inset`. */
function insideShield(x: number, y: number, inset: number): boolean {
  const top = 0.06 + inset;
  const halfWidth = 0.42 - inset;
  const shoulder = 0.5;
  const tip = 0.96 - inset * 1.6;
  if (y < top || y > tip) return false;
  const dx = Math.abs(x - 0.5);
  if (y <= shoulder) return dx <= halfWidth;
  // Below the shoulder the sides curve in to the tip (a quarter ellipse each).
  const t = (y - shoulder) / (tip - shoulder);
  return dx <= halfWidth * Math.sqrt(1 - t * t);
}

function patternTakesPrimary(pattern: CrestPattern, x: number, y: number): boolean {
  switch (pattern) {
    case "stripes":
      return Math.floor(x * 7) % 2 === 0;
    case "hoops":
      return Math.floor(y * 6) % 2 === 0;
    case "halves":
      return x < 0.5;
    case "quarters":
      return x < 0.5 === y < 0.5;
    case "chevron":
      return Math.abs(y - 0.35 - Math.abs(x - 0.5) * 0.9) > 0.1;
    case "sash":
      return Math.abs(x - y) > 0.12;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The logo as a square RGBA PNG of `size` pixels, transparent around the shield. */
export function demoLogoPng(logo: DemoLogo, size = 128): Buffer {
  const rowBytes = size * 4 + 1;
  const pixels = Buffer.alloc(rowBytes * size);
  for (let row = 0; row < size; row++) {
    pixels[row * rowBytes] = 0; // filter: none
    for (let column = 0; column < size; column++) {
      const x = (column + 0.5) / size;
      const y = (row + 0.5) / size;
      if (!insideShield(x, y, 0)) continue;
      const colour = !insideShield(x, y, 0.035)
        ? OUTLINE
        : patternTakesPrimary(logo.pattern, x, y)
          ? logo.primary
          : logo.secondary;
      pixels.set([...colour, 255], row * rowBytes + 1 + column * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
