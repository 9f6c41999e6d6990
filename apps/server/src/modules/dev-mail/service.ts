import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DevMailMessage } from '@daybook/shared';

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** Reads the embedded default's local mailbox (`DATA_DIR/mail/*.eml`), newest first. */
export function createDevMailService(mailDir: string) {
  return {
    async list(limit = 50): Promise<DevMailMessage[]> {
      let files: string[];
      try {
        files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
      files.sort().reverse();
      // Loaded when the mailbox is first read rather than at start (ADR 043, idle memory).
      const { simpleParser } = await import('mailparser');
      return Promise.all(
        files.slice(0, limit).map(async (file) => {
          const parsed = await simpleParser(await readFile(path.join(mailDir, file)));
          const text = parsed.text ?? '';
          const to = Array.isArray(parsed.to)
            ? parsed.to.map((a) => a.text).join(', ')
            : (parsed.to?.text ?? '');
          return {
            id: file.replace(/\.eml$/, ''),
            to,
            subject: parsed.subject ?? '(no subject)',
            date: (parsed.date ?? new Date()).toISOString(),
            text,
            links: [...new Set(text.match(LINK) ?? [])],
          };
        }),
      );
    },
  };
}
