// What an uploaded club logo is, read from its bytes (never from a name or a
// declared type): PNG, JPEG or WebP. Anything else, an SVG in particular (it can
// carry script), is refused.
import type { LogoExtension } from "@clubcast/media-store";

/** The format whose signature starts `image`, or null. */
export function logoExtensionOf(image: Buffer): LogoExtension | null {
  const starts = (offset: number, bytes: number[]) => bytes.every((byte, i) => image[offset + i] === byte);
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpg";
  // RIFF....WEBP
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

/** Where a club's logo file is served (the server's media routes), below PUBLIC_URL. */
export const clubLogoUrl = (publicUrl: string, clubId: number, fileName: string) =>
  `${publicUrl}/media/clubs/${clubId}/${fileName}`;
