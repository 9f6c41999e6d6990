import {
  AI_MESSAGES,
  type ConversationKind,
  PRIVATE_MODE_MESSAGES,
  type SealedTurnInput,
  type SessionUser,
} from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AiRepository } from './repository.ts';

/**
 * A private account's chat turn, stored by its browser once the reply has arrived (ADR 104): the title, the message
 * and the reply sealed under the conversation key, which the server cannot open. The server kept nothing of the
 * turn while it streamed; what it stores here is only what the browser sealed.
 */
export function createSealedTurns(deps: {
  repository: AiRepository;
  clock: Clock;
  isPrivate: (userId: string) => Promise<boolean>;
}) {
  const { repository, clock, isPrivate } = deps;

  return {
    async storeSealedTurn(
      user: SessionUser,
      kind: ConversationKind,
      conversationId: string,
      turn: SealedTurnInput,
    ): Promise<void> {
      // A standard account's turns are stored by the server as they stream; a sealed one would be unreadable to it.
      if (!(await isPrivate(user.id)))
        throw new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
      const existing = await repository.findConversation(user.id, kind, conversationId);
      if (!existing && !turn.title) throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
      const saved = await repository.saveTurn({
        userId: user.id,
        kind,
        conversationId,
        isNew: !existing,
        title: turn.title ?? { ciphertext: '', iv: '' },
        message: turn.message,
        reply: turn.reply,
        at: clock.now(),
        encryptionVersion: 2,
      });
      // Another account's conversation id, or one deleted meanwhile: nothing is stored.
      if (!saved) throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
    },
  };
}
