import { PRIVATE_SWITCH_MESSAGES, type ReEncryptionTarget } from '@daybook/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { entryKeyQueryOptions } from '../../../../lib/encryption/entry-key.ts';
import { EncryptionError } from '../../../../lib/encryption/support.ts';
import { journalKeys } from '../../../../lib/query-keys.ts';
import { switchKeys, switchStatusQueryOptions } from '../api/switch-api.ts';
import { entriesStep } from '../entries-step.ts';
import { importKeysStep } from '../import-keys-step.ts';
import type { ReEncryptionStepFactory, RunProgress } from '../runner.ts';
import { cancelSwitchOff, switchOff, switchOn } from '../switch-flow.ts';

export type SwitchResult = { kind: 'success' | 'cancelled' | 'error'; message: string };
export type ActiveRun = { target: ReEncryptionTarget; progress: RunProgress | null };

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError || error instanceof EncryptionError
    ? error.message
    : PRIVATE_SWITCH_MESSAGES.failed;

function outcomeMessage(
  target: ReEncryptionTarget,
  outcome: { isCancelled: boolean; unreadable: number; isFinished?: boolean },
): SwitchResult {
  if (outcome.isCancelled) return { kind: 'cancelled', message: PRIVATE_SWITCH_MESSAGES.cancelled };
  if (outcome.unreadable > 0)
    return { kind: 'error', message: PRIVATE_SWITCH_MESSAGES.unreadable(outcome.unreadable) };
  return {
    kind: 'success',
    message: target === 'private' ? PRIVATE_SWITCH_MESSAGES.switchedOn : PRIVATE_SWITCH_MESSAGES.switchedOff,
  };
}

/**
 * The switch's state for one account: where it stands (the server's counts), the run under way with its progress,
 * and how the last one ended. Leaving the page cancels a run at its next batch; what was written stays written.
 */
export function usePrivateSwitch(userId: string, extraSteps: readonly ReEncryptionStepFactory[]) {
  const queryClient = useQueryClient();
  const status = useQuery(switchStatusQueryOptions(userId));
  const [active, setActive] = useState<ActiveRun | null>(null);
  const [result, setResult] = useState<SwitchResult | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  /**
   * Everything that reads entries under either version follows: lists, moods, analytics, the calendar, the counts,
   * and the media links, which say whether a file is sealed under the account's key (the media step's work).
   */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: journalKeys.all }),
      queryClient.invalidateQueries({ queryKey: switchKeys.all }),
      // Reset, not only marked stale: a link kept meanwhile says which key sealed the file, and a card that opened
      // it under the other key would show it failed until the new link came.
      queryClient.resetQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'media-url' || queryKey[0] === 'thumbnail-url',
      }),
    ]);

  async function start(target: ReEncryptionTarget): Promise<void> {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setActive({ target, progress: null });
    setResult(null);
    try {
      const entryKey = await queryClient.fetchQuery(entryKeyQueryOptions(userId));
      const context = { userId, target };
      const extra = extraSteps.map((step) => step(context)).filter((step) => step !== null);
      // Switching on, the keys of entries the server imported are renamed as a private import names them.
      const own = target === 'private' ? [importKeysStep(context)] : [];
      const steps = [entriesStep(context, entryKey), ...own, ...extra];
      const run = {
        userId,
        steps,
        signal: abort.signal,
        onProgress: (progress: RunProgress) => setActive({ target, progress }),
      };
      const outcome = target === 'private' ? await switchOn(run) : await switchOff(run);
      setResult(outcomeMessage(target, outcome));
    } catch (error) {
      setResult({ kind: 'error', message: messageOf(error) });
    } finally {
      controller.current = null;
      setActive(null);
      await refresh();
    }
  }

  async function stayPrivate(): Promise<void> {
    setResult(null);
    try {
      await cancelSwitchOff(userId);
      setResult({ kind: 'success', message: PRIVATE_SWITCH_MESSAGES.cancelledOff });
    } catch (error) {
      setResult({ kind: 'error', message: messageOf(error) });
    } finally {
      await refresh();
    }
  }

  return {
    status,
    active,
    result,
    start,
    stayPrivate,
    cancel: () => controller.current?.abort(),
  };
}
