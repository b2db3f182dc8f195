/**
 * Media types accepted for screenshots, recognised by their leading bytes (never by the declared type or name).
 * Pure: the API checks uploads with it and the web client checks picked files before previewing them.
 */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const signatures: ReadonlyArray<{ mediaType: string; matches: (bytes: Uint8Array) => boolean }> = [
  { mediaType: 'image/png', matches: (b) => PNG.every((byte, index) => b[index] === byte) },
  { mediaType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mediaType: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) },
  { mediaType: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

/** How many leading bytes sniffImageType needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

export const sniffImageType = (bytes: Uint8Array): string | undefined =>
  signatures.find((signature) => bytes.length >= IMAGE_SIGNATURE_BYTES && signature.matches(bytes))
    ?.mediaType;
