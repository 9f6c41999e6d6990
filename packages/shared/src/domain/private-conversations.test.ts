import { describe, expect, it } from 'vitest';
import { AI_LIMITS } from '../ai-constants.ts';
import { SealedTurnInput } from '../schemas/ai-private.ts';
import {
  deriveConversationKeyV2,
  deriveEntryKeyV2,
  deriveFutureMessageKeyV2,
  importAccountKey,
} from './account-key.ts';
import { fromBase64 } from './crypto.ts';
import {
  openConversationFieldV2,
  SEALED_CONVERSATION_MAX_CHARS,
  sealConversationFieldV2,
} from './private-conversations.ts';
import { randomKeyBytes } from './private-keys.ts';

const USER = '5a0a3f3e-4c1b-4d7e-9a51-1f0a4f3b2c10';
const OTHER_USER = '7d9e2b1c-0f4a-4e3b-8c2d-6a5b4c3d2e1f';
const CONVERSATION = '0b6f7d1e-2c3a-4b5d-8e9f-a0b1c2d3e4f5';
const OTHER_CONVERSATION = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const here = { userId: USER, conversationId: CONVERSATION };

describe('version-2 conversations', () => {
  it('seals a message and a title under the conversation key and opens them with it', async () => {
    const key = await deriveConversationKeyV2(await importAccountKey(randomKeyBytes()));
    const reply = 'You wrote about the lake three times — 湖 🌊. What draws you there?';
    const sealed = await sealConversationFieldV2(key, here, 'message', reply);
    expect(sealed.ciphertext).not.toContain('lake');
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(await openConversationFieldV2(key, here, 'message', sealed)).toBe(reply);
    const title = await sealConversationFieldV2(key, here, 'title', 'The lake');
    expect(await openConversationFieldV2(key, here, 'title', title)).toBe('The lake');
    expect((await sealConversationFieldV2(key, here, 'title', 'The lake')).ciphertext).not.toBe(
      title.ciphertext,
    );
  });

  it('opens nothing under another key, the entry or letter key, another account, conversation or field', async () => {
    const account = await importAccountKey(randomKeyBytes());
    const key = await deriveConversationKeyV2(account);
    const sealed = await sealConversationFieldV2(key, here, 'message', 'only for me');
    const other = await deriveConversationKeyV2(await importAccountKey(randomKeyBytes()));
    await expect(openConversationFieldV2(other, here, 'message', sealed)).rejects.toThrow();
    await expect(
      openConversationFieldV2(await deriveEntryKeyV2(account), here, 'message', sealed),
    ).rejects.toThrow();
    await expect(
      openConversationFieldV2(await deriveFutureMessageKeyV2(account), here, 'message', sealed),
    ).rejects.toThrow();
    await expect(
      openConversationFieldV2(key, { userId: OTHER_USER, conversationId: CONVERSATION }, 'message', sealed),
    ).rejects.toThrow();
    await expect(
      openConversationFieldV2(key, { userId: USER, conversationId: OTHER_CONVERSATION }, 'message', sealed),
    ).rejects.toThrow();
    await expect(openConversationFieldV2(key, here, 'title', sealed)).rejects.toThrow();
  });

  it('bounds what the server accepts by the longest text each field may seal', async () => {
    const key = await deriveConversationKeyV2(await importAccountKey(randomKeyBytes()));
    // Three UTF-8 bytes per character: the worst case the bound is computed for.
    const longest = await sealConversationFieldV2(
      key,
      here,
      'message',
      '字'.repeat(AI_LIMITS.chatReplyMaxChars),
    );
    expect(longest.ciphertext.length).toBeLessThanOrEqual(SEALED_CONVERSATION_MAX_CHARS.reply);
    const message = await sealConversationFieldV2(key, here, 'message', 'x');
    expect(SealedTurnInput.safeParse({ message, reply: { ...longest, status: 'complete' } }).success).toBe(
      true,
    );
    expect(SealedTurnInput.safeParse({ message: longest, reply: null }).success).toBe(false);
  });
});
