import { AI_LIMITS } from '../ai-constants.ts';
import { type EntryKey, fromBase64, type Sealed, toBase64 } from './crypto.ts';

/**
 * A private account's coach and future-self conversations (ADR 104): the title and each message, the assistant's
 * replies included, sealed in the browser under the conversation key derived from the account key
 * (`deriveConversationKeyV2`), AES-256-GCM with a fresh 12-byte IV, stored as version 1 stores them (ciphertext and
 * IV as base64). Each ciphertext's associated data names its field, the conversation and the account, so a message
 * moved into another conversation or account, or a title moved into a message, fails as a wrong key does.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type ConversationFieldV2 = 'title' | 'message';

/** `daybook/conversation/v2|<field>|<user id>|<conversation id>`: what each sealed conversation text is bound to. */
export const conversationAadV2 = (field: ConversationFieldV2, userId: string, conversationId: string) =>
  encoder.encode(`daybook/conversation/v2|${field}|${userId}|${conversationId}`);

export type ConversationPlace = { userId: string; conversationId: string };

export async function sealConversationFieldV2(
  key: EntryKey,
  place: ConversationPlace,
  field: ConversationFieldV2,
  text: string,
): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: conversationAadV2(field, place.userId, place.conversationId) },
    key,
    encoder.encode(text),
  );
  return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
}

/** Throws when the text was sealed under another key, for another account or conversation, or as the other field. */
export async function openConversationFieldV2(
  key: EntryKey,
  place: ConversationPlace,
  field: ConversationFieldV2,
  sealed: Sealed,
): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(sealed.iv),
      additionalData: conversationAadV2(field, place.userId, place.conversationId),
    },
    key,
    fromBase64(sealed.ciphertext),
  );
  return decoder.decode(plain);
}

/** The longest base64 ciphertext of a text within `maxChars` (3 UTF-8 bytes per UTF-16 unit at most, plus the tag). */
const sealedCharsFor = (maxChars: number) => Math.ceil((maxChars * 3 + TAG_BYTES) / 3) * 4;

/** What the server, which cannot read a sealed conversation, still holds each sealed text to. */
export const SEALED_CONVERSATION_MAX_CHARS = {
  title: sealedCharsFor(AI_LIMITS.conversationTitleChars),
  message: sealedCharsFor(AI_LIMITS.chatMessageMaxChars),
  reply: sealedCharsFor(AI_LIMITS.chatReplyMaxChars),
} as const;
