import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata } from './jpeg-metadata.ts';

/** A small picture with EXIF (GPS), XMP, a comment segment and bytes appended after its end. */
async function taggedJpeg(options: { progressive?: boolean } = {}) {
  const jpeg = await sharp({ create: { width: 40, height: 24, channels: 3, background: '#3c6e91' } })
    .composite([
      {
        input: Buffer.from([255, 255, 255]),
        raw: { width: 1, height: 1, channels: 3 },
        tile: true,
        blend: 'difference',
        left: 3,
        top: 5,
      },
    ])
    .withExif({
      IFD0: { Model: 'Secret Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">Ada Lovelace</x:xmpmeta>')
    .jpeg({ quality: 85, progressive: options.progressive ?? false })
    .toBuffer();
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x10]), Buffer.from('Secret comment')]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    comment,
    jpeg.subarray(2),
    Buffer.from('PK\x03\x04Secret appendix'),
  ]);
}

const pixels = (image: Buffer) => sharp(image).raw().toBuffer();

describe('stripJpegMetadata', () => {
  it.each([
    ['baseline', false],
    ['progressive', true],
  ])(
    'keeps a %s picture bit for bit and drops EXIF, XMP, comments and trailing bytes',
    async (_name, progressive) => {
      const original = await taggedJpeg({ progressive });
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.xmp).toBeDefined();

      const stripped = stripJpegMetadata(original);
      expect(stripped).not.toBeNull();
      const after = await sharp(stripped!).metadata();
      expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 24, isProgressive: progressive });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.comments).toBeUndefined();
      expect(stripped!.includes('Secret')).toBe(false);
      expect(stripped!.includes('Ada Lovelace')).toBe(false);
      expect(stripped!.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect(await pixels(stripped!)).toEqual(await pixels(original));
    },
  );

  it('gives up (so the caller re-encodes) on a truncated file, a file that is not a JPEG and an unknown marker', async () => {
    const original = await taggedJpeg();
    expect(stripJpegMetadata(original.subarray(0, original.length - 40))).toBeNull();
    expect(stripJpegMetadata(original.subarray(0, 300))).toBeNull();
    expect(stripJpegMetadata(Buffer.from('not a picture at all'))).toBeNull();
    const unknown = Buffer.concat([
      original.subarray(0, 2),
      Buffer.from([0xff, 0xf7, 0x00, 0x04, 0, 0]),
      original.subarray(2),
    ]);
    expect(stripJpegMetadata(unknown)).toBeNull();
  });
});
