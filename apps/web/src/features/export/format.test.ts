import { describe, expect, it } from 'vitest';
import { formatBytes, progressPercent } from './format.ts';

describe('formatBytes', () => {
  it('reads like a file browser', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB');
  });
});

describe('progressPercent', () => {
  it('stops at 99 until the end, whatever the estimate', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(50, 100)).toBe(50);
    expect(progressPercent(100, 100)).toBe(99);
    expect(progressPercent(500, 100)).toBe(99);
  });
});
