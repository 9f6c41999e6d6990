import { describe, expect, it } from 'vitest';
import { movieDurationSeconds } from './movie-duration.ts';

/** A box: 32-bit size, four-letter type, body. */
function box(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  return out;
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(version === 1 ? 108 : 96);
  const data = new DataView(body.buffer);
  body[0] = version;
  if (version === 1) {
    data.setUint32(20, timescale);
    data.setBigUint64(24, BigInt(duration));
  } else {
    data.setUint32(12, timescale);
    data.setUint32(16, duration);
  }
  return box('mvhd', body);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const durationOf = (file: Uint8Array) =>
  movieDurationSeconds(async (offset, length) => file.subarray(offset, offset + length), file.length);

describe('movieDurationSeconds', () => {
  it('reads the movie header after the media data, as cameras write it', async () => {
    const file = concat(
      box('ftyp', new TextEncoder().encode('qt  \0\0\0\0qt  ')),
      box('mdat', new Uint8Array(5000)),
      box('moov', concat(mvhd(0, 600, 1500), box('trak', new Uint8Array(40)))),
    );
    expect(await durationOf(file)).toBe(2.5);
  });

  it('reads a version 1 header at the front', async () => {
    const file = concat(box('ftyp', new Uint8Array(8)), box('moov', mvhd(1, 90_000, 270_000)));
    expect(await durationOf(file)).toBe(3);
  });

  it('says nothing of a file without a movie header, or with a broken box', async () => {
    expect(
      await durationOf(concat(box('ftyp', new Uint8Array(8)), box('mdat', new Uint8Array(64)))),
    ).toBeNull();
    const broken = box('ftyp', new Uint8Array(8));
    new DataView(broken.buffer).setUint32(0, 3);
    expect(await durationOf(broken)).toBeNull();
  });
});
