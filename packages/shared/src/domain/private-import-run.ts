import { MODERATION_MESSAGES } from '../constants.ts';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportSkip, type ImportSource } from '../schemas/import.ts';
import {
  PRIVATE_IMPORT,
  type PrivateImportCheck,
  type PrivateImportEntry,
  type PrivateImportKnown,
  type PrivateImportWritten,
} from '../schemas/private-import.ts';
import type { ImportNameKey } from './account-key.ts';
import {
  type ArchiveJsonFiles,
  type ArchiveKind,
  ArchiveReadError,
  archiveKindOf,
  readArchiveJson,
} from './archive-reader.ts';
import type { EntryKey } from './crypto.ts';
import { arrangeImportAttachments, importAttachmentSizeProblem } from './import-attachments.ts';
import type { ImportAttachment, ImportCandidate } from './import-records.ts';
import { sealEntryTextV2, sealMoodV2 } from './private-entries.ts';
import {
  PRIVATE_IMPORT_MESSAGES,
  privateImportEntryId,
  privateImportMood,
  privateImportName,
  privateImportPartName,
  privateImportPlan,
} from './private-import.ts';

/*
 * A private-mode account's import from start to end, as its browser runs it (ADR 099): read the archive with the
 * shared reader, count what is new against the names the account has (the preview the server import shows), then
 * seal each entry as version 2 and send it in batches into one import batch, which "Remove" undoes as a whole. The
 * transport is the caller's (the web's fetch; the integration test's injected requests), so the same steps are
 * what both run.
 */

export type PrivateImportTransport = {
  known(check: PrivateImportCheck): Promise<PrivateImportKnown>;
  createBatch(source: ImportSource): Promise<{ id: string }>;
  upload(batchId: string, entries: PrivateImportEntry[]): Promise<PrivateImportWritten>;
};

/**
 * Reads one attachment from the archive, checks it as the media upload does (type from its bytes, decoding,
 * duration, image moderation), makes its thumbnail, seals it under the account's media key and stores it in the
 * batch (`POST /api/import/private/batches/:id/attachments`): its draft, or why it is left out. The caller's (the
 * web's canvas and worker; the integration test's Node steps). Throws to stop the import (a blocked image, as the
 * server import refuses an archive with one).
 */
export type PrivateImportAttachmentStager = (
  batchId: string,
  attachment: ImportAttachment,
  candidate: ImportCandidate,
) => Promise<{ draftId: string } | { skip: ImportSkip }>;

/** One entry to write: its keyed name, parts and times; texts stay in the browser until sealed. */
type Prepared = {
  name: string;
  entryId: string | null;
  candidate: ImportCandidate;
  /** The entry's attachments that pass the shared size rules, in the entry's order (read at run time). */
  attachments: ImportAttachment[];
  parts: NonNullable<ReturnType<typeof privateImportPlan>['parts']>;
};

export type PrivateImportPreview = {
  source: ImportSource;
  /** Entries in the archive. */
  archiveEntries: number;
  /** Entries that will be written (long entries split into several count each). */
  newEntries: number;
  /** Entries the account has already (imported before, or its own export): skipped. */
  duplicates: number;
  firstDate: string | null;
  lastDate: string | null;
  skippedCount: number;
  /** The first IMPORT_LIMITS.listedSkips of them. */
  skipped: ImportSkip[];
  /** Attachments the new entries bring (photos, voice notes, videos, PDFs), each checked again as it is read. */
  attachments: number;
  /** Attachments left out by the shared rules (too large, a kind not stored), each listed among `skipped`. */
  attachmentsLeftOut: number;
  /** What the run writes. */
  prepared: Prepared[];
};

export type PrivateImportReport = {
  imported: number;
  duplicates: number;
  skippedCount: number;
  skipped: ImportSkip[];
  batchId: string | null;
  /**
   * The crisis message when an imported entry reads as a present crisis, as the server import's report ends
   * (ADR 063): imported past writing is never refused for its words, the browser's classifier only looks for this.
   */
  crisisResources: string | null;
};

/** The archive's kind and every candidate in it, checked as the server checks them; throws ArchiveReadError. */
export async function previewPrivateImport(options: {
  files: ArchiveJsonFiles;
  fallbackZone: string;
  nameKey: ImportNameKey;
  transport: PrivateImportTransport;
  now: Date;
  onRead?(entries: number): void;
}): Promise<PrivateImportPreview> {
  const kind: ArchiveKind = archiveKindOf(options.files.names);
  const skipped: ImportSkip[] = [];
  let skippedCount = 0;
  const skip = (items: ImportSkip[]) => {
    skippedCount += items.length;
    for (const item of items) if (skipped.length < IMPORT_LIMITS.listedSkips) skipped.push(item);
  };
  const candidates: ImportCandidate[] = [];
  const archiveEntries = await readArchiveJson(kind, options.files, options.fallbackZone, (result) => {
    if ('skip' in result) return skip([result.skip]);
    candidates.push(result.candidate);
    options.onRead?.(candidates.length);
  });
  if (candidates.length === 0) throw new ArchiveReadError(IMPORT_MESSAGES.noEntries);

  const named = await Promise.all(
    candidates.map(async (candidate) => ({
      candidate,
      name: await privateImportName(options.nameKey, candidate.key),
      entryId: privateImportEntryId(candidate),
    })),
  );
  const knownNames = new Set<string>();
  const knownIds = new Set<string>();
  for (let i = 0; i < named.length; i += PRIVATE_IMPORT.checkNames) {
    const slice = named.slice(i, i + PRIVATE_IMPORT.checkNames);
    const known = await options.transport.known({
      names: slice.map((item) => item.name),
      entryIds: slice.flatMap((item) => (item.entryId ? [item.entryId] : [])),
    });
    for (const name of known.names) knownNames.add(name);
    for (const id of known.entryIds) knownIds.add(id);
  }

  const prepared: Prepared[] = [];
  let duplicates = 0;
  let newEntries = 0;
  let attachmentsLeftOut = 0;
  let attachmentCount = 0;
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  const seen = new Set<string>();
  for (const { candidate, name, entryId } of named) {
    if (knownNames.has(name) || (entryId && knownIds.has(entryId)) || seen.has(name)) {
      duplicates++;
      continue;
    }
    seen.add(name);
    // The server import's size rules, from the zip's directory; the rest is checked as each file is read.
    const attachments: ImportAttachment[] = [];
    for (const attachment of [...(candidate.media ? [candidate.media] : []), ...candidate.attachments]) {
      const problem = importAttachmentSizeProblem(attachment.type, options.files.sizeOf(attachment.path));
      if (!problem) attachments.push(attachment);
      else {
        attachmentsLeftOut++;
        skip([
          {
            item: attachment.path,
            reason: PRIVATE_IMPORT_MESSAGES.attachmentLeftOut(candidate.label, problem),
          },
        ]);
      }
    }
    const plan = privateImportPlan(candidate, options.now, {
      marks: arrangeImportAttachments(attachments).marks,
      count: attachments.length,
    });
    skip(plan.skipped);
    if (!plan.parts) continue;
    attachmentCount += attachments.length;
    prepared.push({ name, entryId, candidate, attachments, parts: plan.parts });
    newEntries += plan.parts.length;
    if (!firstDate || candidate.entryDate < firstDate) firstDate = candidate.entryDate;
    if (!lastDate || candidate.entryDate > lastDate) lastDate = candidate.entryDate;
  }
  return {
    source: kind.source,
    archiveEntries,
    newEntries,
    duplicates,
    firstDate,
    lastDate,
    skippedCount,
    skipped,
    attachments: attachmentCount,
    attachmentsLeftOut,
    prepared,
  };
}

/**
 * Seals and sends the preview's entries in batches of PRIVATE_IMPORT.batchEntries into `batchId` (a new batch when
 * null; a resumed import passes the one it was writing, and what it wrote before is skipped by name). Progress is
 * entries sent of `newEntries`. Cancelling stops between batches: what was written stays in the batch, whose
 * removal undoes it.
 */
export async function runPrivateImport(options: {
  preview: PrivateImportPreview;
  userId: string;
  entryKey: EntryKey;
  transport: PrivateImportTransport;
  batchId?: string | null;
  onBatch?(batchId: string): void;
  onProgress?(done: number, total: number): void;
  /** Whether a text reads as a present crisis (the shared classifier, run in the browser); absent: never asked. */
  readsAsCrisis?(text: string): Promise<boolean> | boolean;
  signal?: AbortSignal;
  /** Stores each attachment sealed; absent, attachments are left out and listed (a text-only run). */
  stageAttachment?: PrivateImportAttachmentStager;
}): Promise<PrivateImportReport> {
  const { preview, userId, entryKey, transport } = options;
  const batchId = options.batchId ?? (await transport.createBatch(preview.source)).id;
  options.onBatch?.(batchId);
  let imported = 0;
  let duplicates = preview.duplicates;
  let done = 0;
  let hasCrisis = false;
  let skippedCount = preview.skippedCount;
  const skipped = [...preview.skipped];
  const skip = (item: ImportSkip) => {
    skippedCount++;
    if (skipped.length < IMPORT_LIMITS.listedSkips) skipped.push(item);
  };
  let pending: PrivateImportEntry[] = [];
  const send = async () => {
    if (pending.length === 0) return;
    options.signal?.throwIfAborted();
    const written = await transport.upload(batchId, pending);
    imported += written.imported.length;
    for (const item of written.leftOut)
      skip({ item: labels.get(item.name) ?? item.name, reason: item.reason });
    duplicates += written.duplicates.length;
    done += pending.length;
    pending = [];
    options.onProgress?.(done, preview.newEntries);
  };
  const labels = new Map<string, string>();
  for (const item of preview.prepared) {
    // The entry's files first (read, checked, sealed and stored one at a time), then its text with their marks.
    const staged: { draftId: string; type: ImportAttachment['type']; identifier?: string | undefined }[] = [];
    for (const attachment of item.attachments) {
      options.signal?.throwIfAborted();
      const result = options.stageAttachment
        ? await options.stageAttachment(batchId, attachment, item.candidate)
        : {
            skip: {
              item: attachment.path,
              reason: PRIVATE_IMPORT_MESSAGES.attachmentLeftOut(item.candidate.label, 'it was not read.'),
            },
          };
      if ('skip' in result) skip(result.skip);
      else staged.push({ draftId: result.draftId, type: attachment.type, identifier: attachment.identifier });
    }
    const { main, further, marks } = arrangeImportAttachments(staged);
    const plan =
      staged.length === item.attachments.length
        ? { parts: item.parts, skipped: [] }
        : privateImportPlan(item.candidate, new Date(), { marks, count: staged.length });
    if (!plan.parts) {
      // Without the attachments that did not come in, nothing is left to import (or the marks changed the split).
      for (const entry of plan.skipped.slice(item.candidate.skipped.length)) skip(entry);
      continue;
    }
    for (const part of plan.parts) {
      labels.set(privateImportPartName(item.name, part.index), part.label);
      // One crisis is enough for the report, as on the server.
      if (!hasCrisis && options.readsAsCrisis) hasCrisis = await options.readsAsCrisis(part.text);
      const [text, encryptedMood] = await Promise.all([
        sealEntryTextV2(entryKey, userId, part.text),
        sealMoodV2(entryKey, userId, privateImportMood(item.candidate.moodTag)),
      ]);
      pending.push({
        name: privateImportPartName(item.name, part.index),
        entryId: part.index === 0 ? item.entryId : null,
        encryptedContent: text.ciphertext,
        encryptionIv: text.iv,
        encryptedMood,
        entryDate: item.candidate.entryDate,
        timeZone: item.candidate.timeZone,
        createdAt: part.createdAt.toISOString(),
        updatedAt: part.updatedAt.toISOString(),
        sourceType: item.candidate.sourceType,
        mediaDraftId: part.index === 0 ? (main?.draftId ?? null) : null,
        attachmentDraftIds: part.index === 0 ? further.map((attachment) => attachment.draftId) : [],
      });
      if (pending.length >= PRIVATE_IMPORT.batchEntries) await send();
    }
  }
  await send();
  return {
    imported,
    duplicates,
    skippedCount,
    skipped,
    batchId: imported > 0 || options.batchId ? batchId : null,
    crisisResources: hasCrisis ? MODERATION_MESSAGES.crisis : null,
  };
}
