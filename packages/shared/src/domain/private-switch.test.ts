import { describe, expect, it } from 'vitest';
import { PRIVATE_SWITCH, PRIVATE_SWITCH_MESSAGES } from '../private-switch-constants.ts';
import { ReEncryptInput, ReEncryptionQuery } from '../schemas/private-switch.ts';

/* What a switch's batches may carry across the API (ADR 097): one direction each, sealed as that version requires. */

const base = { encryptedContent: 'c2VhbGVk', encryptionIv: 'AAAAAAAAAAAAAAAA' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const toPrivate = (n: number) => ({
  ...base,
  id: id(n),
  encryptionVersion: 2,
  encryptedMood: 'A'.repeat(80),
});
const toStandard = (n: number) => ({ ...base, id: id(n), encryptionVersion: 1, moodTag: 'Calm' });

describe('the switch schemas', () => {
  it('takes a batch turned one way, sealed as its version requires', () => {
    expect(ReEncryptInput.safeParse({ entries: [toPrivate(1), toPrivate(2)] }).success).toBe(true);
    expect(
      ReEncryptInput.safeParse({ entries: [toStandard(1), { ...toStandard(2), moodTag: null }] }).success,
    ).toBe(true);
  });

  it('refuses two ways in one batch, a plain mood toward private, a mood that is none, and oversized batches', () => {
    expect(ReEncryptInput.safeParse({ entries: [toPrivate(1), toStandard(2)] }).success).toBe(false);
    expect(
      ReEncryptInput.safeParse({ entries: [{ ...toPrivate(1), encryptedMood: undefined }] }).success,
    ).toBe(false);
    expect(ReEncryptInput.safeParse({ entries: [{ ...toStandard(1), moodTag: 'Sleepy-ish' }] }).success).toBe(
      false,
    );
    expect(ReEncryptInput.safeParse({ entries: [] }).success).toBe(false);
    const tooMany = Array.from({ length: PRIVATE_SWITCH.batchSize + 1 }, (_, n) => toPrivate(n));
    expect(ReEncryptInput.safeParse({ entries: tooMany }).success).toBe(false);
  });

  it('pages by a target and an id, at most a page at a time', () => {
    expect(ReEncryptionQuery.parse({ to: 'private' })).toEqual({
      to: 'private',
      limit: PRIVATE_SWITCH.pageSize,
    });
    expect(ReEncryptionQuery.safeParse({ to: 'sideways' }).success).toBe(false);
    expect(ReEncryptionQuery.safeParse({ to: 'standard', after: 'not-an-id' }).success).toBe(false);
    expect(ReEncryptionQuery.safeParse({ to: 'standard', limit: '1000' }).success).toBe(false);
  });

  it('counts in words', () => {
    expect(PRIVATE_SWITCH_MESSAGES.readableByServer(1)).toBe(
      '1 entry is still readable by the server. Continue to make it private.',
    );
    expect(PRIVATE_SWITCH_MESSAGES.readableByServer(10_000)).toContain('10,000 entries are still readable');
    expect(PRIVATE_SWITCH_MESSAGES.privateEntriesRemain(3)).toBe(
      '3 entries are still private: continue switching off first.',
    );
  });
});
