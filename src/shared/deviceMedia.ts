/**
 * A device's upload (a camera's snapshot or recording, a gate's snapshot): signed as its other
 * requests are, over `serial|timestamp` and the SHA-256 of the bytes (lower-case hex), which the
 * device also sends in the `X-Content-SHA256` header — so the server checks the signature before
 * it reads a byte of the body, and the bytes against the digest after. What it is is read from its
 * first bytes, whatever its sender says. Shared by the server and the tests.
 */
export const mediaSigningText = (serial: string, timestamp: string, sha256Hex: string) => `${serial}|${timestamp}\n${sha256Hex}`;

/** The header carrying the upload's SHA-256 (lower-case hex) that the signature covers. */
export const MEDIA_DIGEST_HEADER = 'x-content-sha256';

/** A picture or a video by its first bytes (JPEG, PNG, MP4, WebM), whatever its sender says; null for anything else. */
export function mediaKindOf(bytes: Uint8Array): { type: string; extension: string } | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { type: 'image/png', extension: 'png' };
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return { type: 'video/webm', extension: 'webm' };
  if (bytes.length > 12 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) return { type: 'video/mp4', extension: 'mp4' };
  return null;
}
