import {
  ArchiveReadError,
  deriveImportKeyV2,
  entryModerationOutcome,
  needsModeration,
  PRIVATE_MODE_MESSAGES,
  type PrivateImportPreview,
  type PrivateImportReport,
  previewPrivateImport,
  runPrivateImport,
  toBase64,
} from '@daybook/shared';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { privateEntryKey } from '../../../lib/encryption/private-entry-key.ts';
import { privateMediaKey } from '../../../lib/encryption/private-media-key.ts';
import { unlockedAccountKey } from '../../../lib/private-keys/private-mode.ts';
import { readStoredJson, removeStored, writeStoredJson } from '../../../lib/storage.ts';
import { AttachmentRefused, browserAttachmentStager } from './import-attachments.ts';
import { privateImportTransport } from './upload-api.ts';
import { openZip, type ZipIndex, ZipReadError } from './zip-reader.ts';

/*
 * The import of a private-mode account, made in the browser (ADR 099): the chosen .zip's JSON read from its own
 * slices (zip-reader.ts), parsed and checked by the shared reader, counted against what the account has (the
 * preview), then sealed and sent in batches (packages/shared private-import-run.ts). An import stopped half-way (a
 * closed tab, Cancel) is resumed by choosing the same archive again: this browser remembers the batch it was
 * writing, by a hash of the file's name, size and date (never the name itself), and what was written is skipped.
 */

export class PrivateImportError extends Error {}

const resumeKey = (userId: string) => `daybook-private-import-${userId}`;

/** A file's fingerprint: SHA-256 of its name, size and last change, so the browser keeps no file name. */
async function fingerprint(file: File): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${file.name}|${file.size}|${file.lastModified}`),
  );
  return toBase64(new Uint8Array(digest));
}

const Resume = z.object({ fingerprint: z.string(), batchId: z.uuid() });
const readResume = (userId: string) => readStoredJson(resumeKey(userId), Resume) ?? null;

export type PreparedImport = {
  preview: PrivateImportPreview;
  /** The batch this archive was being written into when it stopped, to go on with; null for a new import. */
  resumeBatchId: string | null;
  fingerprint: string;
  /** The archive's directory: each attachment is read from its own slice as its entry is written. */
  zip: ZipIndex;
};

/** Reads and checks the archive and counts what is new. Throws PrivateImportError with the person's message. */
export async function prepareImport(
  userId: string,
  file: File,
  options: { fallbackZone: string; signal: AbortSignal; onRead?: (entries: number) => void },
): Promise<PreparedImport> {
  const unlocked = await unlockedAccountKey(userId);
  if (!unlocked) throw new PrivateImportError(PRIVATE_MODE_MESSAGES.entryLocked);
  try {
    const zip = await openZip(file);
    const preview = await previewPrivateImport({
      files: zip,
      fallbackZone: options.fallbackZone,
      nameKey: await deriveImportKeyV2(unlocked.key),
      transport: privateImportTransport(options.signal),
      now: new Date(),
      onRead: options.onRead,
    });
    const print = await fingerprint(file);
    const resume = readResume(userId);
    return {
      preview,
      zip,
      fingerprint: print,
      resumeBatchId: resume?.fingerprint === print ? resume.batchId : null,
    };
  } catch (error) {
    if (error instanceof ArchiveReadError || error instanceof ZipReadError)
      throw new PrivateImportError(error.message);
    throw error;
  }
}

/**
 * The server import's one moderation of imported past writing (ADR 063): never refused for its words, but a text
 * that reads as a present crisis ends the report with where to find help. The server cannot read a private import,
 * so the same shared classifier runs here, loaded only when an import is written.
 */
async function readsAsCrisis(text: string): Promise<boolean> {
  if (!needsModeration(text)) return false;
  const { classifyText } = await import('@daybook/shared/moderation');
  const outcome = entryModerationOutcome(classifyText(text, { audience: 'self' }));
  return outcome.action === 'block' && outcome.isCrisis;
}

/** Seals and sends the prepared entries; remembers the batch until it is finished, so a stop can be resumed. */
export async function runImport(
  userId: string,
  prepared: PreparedImport,
  options: { signal: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<PrivateImportReport> {
  const entryKey = await privateEntryKey(userId);
  const mediaKey = await privateMediaKey(userId);
  if (!entryKey || !mediaKey) throw new PrivateImportError(PRIVATE_MODE_MESSAGES.entryLocked);
  const run = (batchId: string | null) =>
    runPrivateImport({
      preview: prepared.preview,
      userId,
      entryKey,
      transport: privateImportTransport(options.signal),
      batchId,
      onBatch: (id) => writeStoredJson(resumeKey(userId), { fingerprint: prepared.fingerprint, batchId: id }),
      onProgress: options.onProgress,
      readsAsCrisis,
      signal: options.signal,
      stageAttachment: browserAttachmentStager(prepared.zip, mediaKey, options.signal),
    });
  let report: PrivateImportReport;
  try {
    report = await run(prepared.resumeBatchId);
  } catch (error) {
    if (error instanceof AttachmentRefused) throw new PrivateImportError(error.message);
    // The import being resumed was removed meanwhile ("Your imports"): this one starts a batch of its own.
    if (!(prepared.resumeBatchId && error instanceof ApiRequestError && error.status === 404)) throw error;
    removeStored(resumeKey(userId));
    try {
      report = await run(null);
    } catch (again) {
      if (again instanceof AttachmentRefused) throw new PrivateImportError(again.message);
      throw again;
    }
  }
  removeStored(resumeKey(userId));
  return report;
}
