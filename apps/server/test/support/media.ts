import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { isMediaContainer } from '@daybook/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Storage } from '../../src/infra/storage/storage.ts';

const fixtureDir = path.join(os.tmpdir(), 'daybook-media-fixtures');

/** A multipart/form-data body with one file field, as a browser would send it. */
export function multipart(file: Buffer, options: { filename?: string; contentType?: string } = {}) {
  const boundary = `----daybook${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'upload.bin'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const png = (width = 640, height = 480, colour = '#2f6b5f') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A mono 8 kHz 8-bit WAV of the given length: tiny files with a real, readable duration. */
export function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * seconds, 128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/**
 * A fixture made by Debian's ffmpeg (installed by .ci/run) from one of its test sources (`testsrc` pictures,
 * `sine` sound), encoded with `encoding`, kept under `name` in the fixtures folder.
 */
function ffmpegFixture(name: string, source: string, encoding: string[]): Buffer {
  mkdirSync(fixtureDir, { recursive: true });
  const file = path.join(fixtureDir, name);
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', source, ...encoding, file]);
  return readFileSync(file);
}

const pictures = (seconds: number) => `testsrc=duration=${seconds}:size=64x48:rate=2`;

/**
 * A small WebM video. `live` writes it as MediaRecorder does: clusters of unknown size, no Cues and no Duration in
 * the header.
 */
export const webmVideo = (seconds: number, options: { live?: boolean } = {}): Buffer =>
  ffmpegFixture(`video-${seconds}s${options.live ? '-live' : ''}.webm`, pictures(seconds), [
    '-c:v',
    'libvpx',
    '-b:v',
    '50k',
    ...(options.live ? ['-live', '1'] : []),
    '-f',
    'webm',
  ]);

/** A QuickTime movie with no sound track (ADR 070: music-metadata times movies by their audio only). */
export const quickTimeVideo = (seconds: number): Buffer =>
  ffmpegFixture(`video-${seconds}s.mov`, pictures(seconds), ['-c:v', 'mpeg4', '-f', 'mov']);

/** AAC in an .m4a, as Day One stores a voice note. */
export const m4aAudio = (seconds: number): Buffer =>
  ffmpegFixture(`audio-${seconds}s.m4a`, `sine=duration=${seconds}`, ['-c:a', 'aac']);

/** Opus audio in a live-stream WebM, as Chrome's MediaRecorder records a voice note. */
export const webmAudio = (seconds: number): Buffer =>
  ffmpegFixture(`audio-${seconds}s-live.webm`, `sine=duration=${seconds}`, [
    '-c:a',
    'libopus',
    '-live',
    '1',
    '-f',
    'webm',
  ]);

/**
 * A JPEG as a phone writes it: EXIF with a GPS position (51°30' N, 0°7' W) and orientation 6 (turned 90°),
 * XMP naming its author and an ICC profile. 64 × 32 as stored, 32 × 64 upright. `upright` writes orientation 1
 * and no colour profile instead: the shape whose metadata is removed without re-encoding.
 */
export const jpegWithGps = (options: { upright?: boolean } = {}) => {
  const image = sharp({ create: { width: 64, height: 32, channels: 3, background: '#8a5a2b' } })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Daybook Test', ...(options.upright ? { Orientation: '1' } : {}) },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Ada Lovelace"/></rdf:RDF></x:xmpmeta>',
    );
  if (!options.upright) image.withMetadata({ orientation: 6 }).withIccProfile('p3');
  return image.jpeg({ quality: 90 }).toBuffer();
};

/** Whether EXIF data holds a GPS sub-directory (tag 0x8825, little- or big-endian). */
export const exifHasGps = (exif: Buffer) =>
  exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

/** A stored file's plaintext, read the one way the app reads it (files are sealed at rest, ADR 081). */
export async function storedPlaintext(storage: Storage, storagePath: string): Promise<Buffer> {
  const file = await storage.read(storagePath);
  if (!file) throw new Error(`nothing stored at ${storagePath}`);
  return buffer(file.stream);
}

/** Byte strings that name a media format, a picture's metadata or its maker: none may show in a sealed file. */
const TELLTALES = [
  '\x89PNG\r\n',
  'IHDR',
  'JFIF\0',
  'Exif\0\0',
  'WEBPVP8',
  'ftypisom',
  'ftypmp4',
  'ftypM4A',
  'ftypqt',
  'OpusHead',
  'webm\x42',
  'WAVEfmt',
  'Daybook Test',
  'Ada Lovelace',
].map((s) => Buffer.from(s, 'latin1'));

/**
 * What the operator holding only the media folder or the bucket can make of a stored file: no type `file-type`
 * knows, no format's magic at its start, and none of the telltales above anywhere in it.
 */
export async function expectOpensNothing(bytes: Buffer, name: string): Promise<void> {
  expect(isMediaContainer(bytes), `${name} is a sealed container`).toBe(true);
  expect(await fileTypeFromBuffer(bytes), `${name} has no type file-type knows`).toBeUndefined();
  const starts = [
    [0xff, 0xd8, 0xff], // JPEG
    [0x89, 0x50, 0x4e, 0x47], // PNG
    [0x52, 0x49, 0x46, 0x46], // RIFF: WebP, WAV
    [0x1a, 0x45, 0xdf, 0xa3], // EBML: WebM
    [0x47, 0x49, 0x46, 0x38], // GIF
    [0x49, 0x44, 0x33], // ID3: MP3
    [0x4f, 0x67, 0x67, 0x53], // Ogg
  ];
  for (const magic of starts)
    expect(bytes.subarray(0, magic.length).equals(Buffer.from(magic)), `${name} starts as ${magic}`).toBe(
      false,
    );
  expect(bytes.subarray(4, 8).toString('latin1'), `${name} is no MP4/M4A/QuickTime`).not.toBe('ftyp');
  for (const telltale of TELLTALES)
    expect(bytes.includes(telltale), `${name} holds ${JSON.stringify(telltale.toString('latin1'))}`).toBe(
      false,
    );
  await expect(sharp(bytes).metadata(), `${name} decodes as no picture`).rejects.toThrow();
}

/** A multipart/form-data body with several file fields (a sealed upload and its sealed thumbnail, ADR 096). */
export function multipartFiles(files: Record<string, Buffer>) {
  const boundary = `----daybook${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(files).flatMap(([name, bytes]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
