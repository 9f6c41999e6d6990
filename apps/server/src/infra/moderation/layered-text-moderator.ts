import { type ModerationResult, SEVERITY_RANK } from '@daybook/shared';
import type { AiProvider } from '../ai/provider.ts';
import type { TextModerator } from './text-moderator.ts';

/** A save waits at most this long for the provider's verdict (retries included), then goes on with the local one. */
export const PROVIDER_MODERATION_TIMEOUT_MS = 5000;

/**
 * Text moderation with the AI provider's moderation endpoint (AI_MODERATION_MODEL) on top of the local classifier
 * (ADR 063): the stricter verdict wins, and a failed or slow provider call leaves the local verdict (the spec's "a
 * failed call counts as safe" is the browser's rule; the server always keeps its local check).
 */
export function createLayeredTextModerator(
  local: TextModerator,
  provider: AiProvider,
  onProviderFailure: (reason: string) => void = () => {},
): TextModerator {
  return {
    async moderate(text, context) {
      const [localVerdict, remote] = await Promise.all([
        local.moderate(text, context),
        provider.moderate(text, { signal: AbortSignal.timeout(PROVIDER_MODERATION_TIMEOUT_MS) }).then(
          (verdict): ModerationResult | null => verdict,
          (error: unknown) => {
            onProviderFailure(error instanceof Error ? error.message : 'failed');
            return null;
          },
        ),
      ]);
      if (!remote) return localVerdict;
      if (SEVERITY_RANK[remote.severity] > SEVERITY_RANK[localVerdict.severity]) return remote;
      if (SEVERITY_RANK[remote.severity] < SEVERITY_RANK[localVerdict.severity]) return localVerdict;
      return { ...localVerdict, flags: [...new Set([...localVerdict.flags, ...remote.flags])] };
    },
  };
}
