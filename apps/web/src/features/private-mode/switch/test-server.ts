import {
  api,
  type EntryKey,
  encryptText,
  type PrivateSwitchMode,
  type ReEncryptedEntry,
} from '@daybook/shared';
import { stubApi } from '../../../test/api.ts';
import { jsonResponse } from '../../../test/render.tsx';

/*
 * The tests' stand-in for the switch's endpoints (ADR 097): rows, the account's mode, and the server's rules for
 * re-encrypt (a row is replaced only while still under the version it came from) and finish (refused while any row
 * is version 2). The server's own tests hold the real thing to the same rules (apps/server/test/private-switch.test.ts).
 */

export type Row = {
  id: string;
  encryptionVersion: number;
  encryptedContent: string | null;
  encryptionIv: string | null;
  moodTag: string | null;
  encryptedMood: string | null;
};

export const MOODS = ['Grateful', null, 'Calm', 'Tired'] as const;
export const idOf = (index: number) => `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`;

/** The server as the switch sees it: rows, the account's mode, and the rules of re-encrypt and finish. */
export function switchServer(initial: Row[], startMode: PrivateSwitchMode = 'private') {
  const rows = new Map(initial.map((row) => [row.id, { ...row }]));
  let mode = startMode;
  const count = (version: number) =>
    [...rows.values()].filter((row) => row.encryptionVersion === version).length;
  const status = () => ({ mode, readableEntries: count(1), privateEntries: count(2) });
  /** Entries' import keys, by id: plain archive identities for entries the server imported before private mode. */
  const importKeys = new Map<string, string>();
  const plainKeys = () =>
    [...importKeys.entries()]
      .filter(([, key]) => !key.startsWith('pk:'))
      .sort(([a], [b]) => a.localeCompare(b));
  const fetchMock = stubApi({
    [`GET ${api.privateMode.plainImportKeys.path}`]: ({ url }) => {
      const after = url.searchParams.get('after');
      const all = plainKeys();
      const page = all.filter(([id]) => !after || id > after).slice(0, 100);
      return jsonResponse({
        items: page.map(([id, importKey]) => ({ id, importKey })),
        total: all.length,
        next: page.length === 100 ? (page.at(-1)?.[0] ?? null) : null,
      });
    },
    [`POST ${api.privateMode.rekeyImport.path}`]: ({ body }) => {
      const rekeyed: string[] = [];
      const skipped: string[] = [];
      for (const { id, from, to } of (body as { keys: { id: string; from: string; to: string }[] }).keys) {
        if (importKeys.get(id) === from && ![...importKeys.values()].includes(to)) {
          importKeys.set(id, to);
          rekeyed.push(id);
        } else skipped.push(id);
      }
      return jsonResponse({ rekeyed, skipped });
    },
    [`GET ${api.privateMode.switchStatus.path}`]: () => jsonResponse(status()),
    [`GET ${api.privateMode.reEncryption.path}`]: ({ url }) => {
      const from = url.searchParams.get('to') === 'private' ? 1 : 2;
      const after = url.searchParams.get('after');
      const all = [...rows.values()]
        .filter((row) => row.encryptionVersion === from && (!after || row.id > after))
        .sort((a, b) => a.id.localeCompare(b.id));
      const page = all.slice(0, 100);
      return jsonResponse({
        entries: page,
        remaining: count(from),
        next: all.length > 100 ? (page.at(-1)?.id ?? null) : null,
      });
    },
    [`POST ${api.privateMode.reEncrypt.path}`]: ({ body }) => {
      const converted: string[] = [];
      const skipped: string[] = [];
      for (const entry of (body as { entries: ReEncryptedEntry[] }).entries) {
        const row = rows.get(entry.id);
        if (!row) return jsonResponse({ code: 'NOT_FOUND', message: 'Entry not found' }, 404);
        const from = entry.encryptionVersion === 2 ? 1 : 2;
        if (row.encryptionVersion !== from) {
          skipped.push(entry.id);
          continue;
        }
        Object.assign(row, {
          encryptionVersion: entry.encryptionVersion,
          encryptedContent: entry.encryptedContent,
          encryptionIv: entry.encryptionIv,
          moodTag: entry.encryptionVersion === 1 ? entry.moodTag : null,
          encryptedMood: entry.encryptionVersion === 2 ? entry.encryptedMood : null,
        });
        converted.push(entry.id);
      }
      return jsonResponse({ converted, skipped });
    },
    [`POST ${api.privateMode.switchOff.path}`]: () => {
      mode = 'switching-off';
      return jsonResponse(status());
    },
    [`POST ${api.privateMode.cancelSwitchOff.path}`]: () => {
      mode = 'private';
      return jsonResponse(status());
    },
    [`POST ${api.privateMode.finishSwitchOff.path}`]: () => {
      if (count(2) > 0)
        return jsonResponse(
          { code: 'PRIVATE_ENTRIES_REMAIN', message: `${count(2)} entries are still private` },
          409,
        );
      mode = 'standard';
      return jsonResponse(status());
    },
  });
  return {
    fetchMock,
    rows,
    importKeys,
    status,
    setMode: (next: PrivateSwitchMode) => {
      mode = next;
    },
  };
}

/** `count` entries written before private mode, as the server holds them: text under the version-1 key. */
export async function readableRows(key: EntryKey, count: number): Promise<Row[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const { ciphertext, iv } = await encryptText(key, `Entry ${index}: the lighthouse keeper's log`);
      return {
        id: idOf(index),
        encryptionVersion: 1,
        encryptedContent: ciphertext,
        encryptionIv: iv,
        moodTag: MOODS[index % MOODS.length] ?? null,
        encryptedMood: null,
      };
    }),
  );
}
