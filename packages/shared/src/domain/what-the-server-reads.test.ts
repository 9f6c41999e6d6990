import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  encryptionModesMarkdown,
  WHAT_EACH_MODE_PROTECTS,
  WHAT_THE_SERVER_READS,
} from './what-the-server-reads.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

describe('what the server reads, in one place', () => {
  it('the README holds the very tables the privacy and Features pages render', () => {
    expect(readme).toContain(encryptionModesMarkdown());
  });

  it('says something in both modes for every row, and names each row once', () => {
    for (const rows of [WHAT_THE_SERVER_READS, WHAT_EACH_MODE_PROTECTS]) {
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      for (const row of rows) {
        expect(row.standard.trim()).not.toBe('');
        expect(row.private.trim()).not.toBe('');
      }
    }
  });

  it('names the four threats private mode is for, and the two it is not', () => {
    const verdict = (id: string) => WHAT_EACH_MODE_PROTECTS.find((row) => row.id === id)!;
    for (const id of ['database-copy', 'stolen-backup', 'operator', 'seized-server'])
      expect(verdict(id).private).toMatch(/^Protected/);
    for (const id of ['compromised-browser', 'metadata']) expect(verdict(id).private).toMatch(/^Not/);
    expect(verdict('stolen-backup').standard).toMatch(/^Not protected/);
  });
});
