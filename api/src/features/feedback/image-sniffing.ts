/** Media types we accept for screenshots, recognised by their leading bytes (never by the declared type). */
const signatures: ReadonlyArray<{ mediaType: string; matches: (bytes: Buffer) => boolean }> = [
  {
    mediaType: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mediaType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mediaType: 'image/gif',
    matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    mediaType: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const sniffImageType = (bytes: Buffer): string | undefined =>
  signatures.find((signature) => bytes.length >= 12 && signature.matches(bytes))?.mediaType;
