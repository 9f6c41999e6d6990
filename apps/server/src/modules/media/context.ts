/*
 * What every part of the media service shares (ADR 100): its dependencies, the repository, which key a new file
 * must be under (ADR 096), the checks of a browser-sealed container and a declared thumbnail, storing a sealed
 * file, removing a file with its thumbnail, the plan's check, and a draft as the API answers with it. The parts
 * meet here, never through service.ts.
 */
import {
  MEDIA_CONTAINER,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaDraft,
  type MediaType,
  type ModerationResult,
  PRIVATE_MEDIA_MESSAGES,
  plainMediaSize,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { ImageModerator } from '../../infra/moderation/image-moderator.ts';
import { filesOf, type Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlansService } from '../plans/service.ts';
import type { Inspected, ThumbnailSize } from './inspection.ts';
import { createMediaRepository, type MediaDraftRow } from './repository.ts';

export type MediaDeps = {
  db: Db;
  storage: Storage;
  plans: PlansService;
  imageModerator: ImageModerator;
  clock: Clock;
  /** Where a thumbnail made on request is written before it is stored (an upload's own sits beside it). */
  tmpDir: string;
  /** Whether the account is in private mode (ADR 089); asked at request time. */
  isPrivate: (userId: string) => Promise<boolean>;
};

export function toDraft(
  row: MediaDraftRow,
  inspected: Inspected,
  moderation: ModerationResult | null,
): MediaDraft {
  return {
    id: row.id,
    // Drafts made by upload are never PDFs (only an import's are, ADR 088).
    mediaType: row.mediaType as MediaType,
    mimeType: row.mimeType,
    fileSizeBytes: row.fileSizeBytes,
    durationSeconds: inspected.durationSeconds,
    width: inspected.width,
    height: inspected.height,
    moderation: moderation ? { severity: moderation.severity, flags: moderation.flags } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createMediaContext(deps: MediaDeps) {
  const { db, storage, plans, isPrivate } = deps;
  const repository = createMediaRepository(db);

  /**
   * The account decides whose key a new file is under (ADR 096), as it decides an entry's version (ADR 094): an
   * account in private mode stores only files its browser sealed, any other only files the server seals.
   */
  async function requireKeyKind(user: SessionUser, sealedByUser: boolean) {
    const isAccountPrivate = await isPrivate(user.id);
    if (sealedByUser && !isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.withoutPrivateMode);
    if (!sealedByUser && isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.needsPrivateKey);
  }

  /** The plaintext size a browser-sealed container holds, or a refusal when it is not one of ours. */
  function containerPlainSize(sealedSize: number): number {
    try {
      return plainMediaSize(sealedSize, MEDIA_CONTAINER.chunkBytes);
    } catch {
      throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
    }
  }

  /** Stores a browser-sealed container as it is, refusing one whose header is not key kind 1. */
  async function putSealed(storagePath: string, localFile: string) {
    try {
      await storage.putSealedByUser(storagePath, localFile);
    } catch (error) {
      if (error instanceof Error && /not a media container/.test(error.message))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      throw error;
    }
  }

  /** A declared thumbnail size, both sides or neither, each within the thumbnail's longest side. */
  function thumbnailSize(width?: number, height?: number): ThumbnailSize | null {
    if (width === undefined && height === undefined) return null;
    const { maxSidePx } = MEDIA_LIMITS.thumbnail;
    if (width === undefined || height === undefined || width > maxSidePx || height > maxSidePx)
      throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidImage);
    return { width, height };
  }

  /** Whether the file at this path is sealed under its owner's own key, asked only for private accounts. */
  async function isSealedByUser(storagePath: string): Promise<boolean> {
    const owner = storagePath.slice(0, storagePath.indexOf('/'));
    if (!(await isPrivate(owner))) return false;
    return (await storage.keyKindOf(storagePath)) === 'user';
  }

  /** Removes a stored file and, for an image, its thumbnail; a failure leaves an orphan for the sweep. */
  const removeWithThumbnail = (storagePath: string) =>
    Promise.all(filesOf(storagePath).map((p) => storage.remove(p).catch(() => undefined)));

  const assertPlanAllows = (user: SessionUser, type: MediaType) => plans.assertMediaAllowed(user.id, type);

  return {
    ...deps,
    repository,
    requireKeyKind,
    containerPlainSize,
    putSealed,
    thumbnailSize,
    isSealedByUser,
    removeWithThumbnail,
    assertPlanAllows,
  };
}

export type MediaContext = ReturnType<typeof createMediaContext>;
