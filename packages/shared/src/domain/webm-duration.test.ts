import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withWebmDuration } from './webm-duration.ts';

/** A real voice note from Debian's chromium MediaRecorder (fake microphone, 1.5 s, Opus): a live-stream WebM. */
const recording = new Uint8Array(
  readFileSync(new URL('./fixtures/chromium-voice-note.webm', import.meta.url)),
);

/** Info's Duration as a player reads it: the float64 after 0x44 0x89 0x88, in milliseconds at the default scale. */
function durationIn(bytes: Uint8Array): number | null {
  for (let i = 0; i + 11 <= bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88)
      return new DataView(bytes.buffer, bytes.byteOffset + i + 3, 8).getFloat64(0);
  }
  return null;
}

describe('withWebmDuration', () => {
  it('adds the duration to a MediaRecorder WebM and moves every later byte unchanged', () => {
    expect(durationIn(recording)).toBeNull();
    const patched = withWebmDuration(recording, 1500);
    expect(patched).not.toBeNull();
    expect(durationIn(patched!)).toBe(1500);
    expect(patched!.length).toBe(recording.length + 11);
    // Info (at 0x30, one size byte) grew by the 11 bytes of the Duration element; the segment's size stays unknown.
    expect(patched![0x34]).toBe(recording[0x34]! + 11);
    expect(patched!.subarray(0, 0x34)).toEqual(recording.subarray(0, 0x34));
    const infoEnd = 0x35 + (recording[0x34]! & 0x7f);
    expect(patched!.subarray(infoEnd + 11)).toEqual(recording.subarray(infoEnd));
  });

  it('leaves a file that already has its duration as it is', () => {
    const once = withWebmDuration(recording, 1500)!;
    expect(withWebmDuration(once, 9000)).toEqual(once);
  });

  it('refuses what it cannot patch safely', () => {
    expect(withWebmDuration(recording, 0)).toBeNull();
    expect(withWebmDuration(recording, Number.NaN)).toBeNull();
    expect(withWebmDuration(new TextEncoder().encode('not a webm at all'), 1500)).toBeNull();
    expect(withWebmDuration(recording.subarray(0, 0x30), 1500)).toBeNull();
  });
});
