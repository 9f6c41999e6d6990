import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('answers the whole file without a header, for an empty range and for shapes it does not serve', () => {
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=-', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=0-9,20-29', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('items=0-9', 100)).toEqual({ kind: 'whole' });
  });

  it('reads a closed range, an open end and a suffix', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
  });

  it('clamps an end past the file and a suffix longer than it', () => {
    expect(parseByteRange('bytes=50-500', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
  });

  it('refuses a start at or past the end of the file and a reversed range', () => {
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=20-10', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
