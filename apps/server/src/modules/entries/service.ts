import { createEntryAnalytics } from './analytics.ts';
import { createEntriesContext, type EntriesDeps } from './context.ts';
import { createEntryCreation } from './create.ts';
import { createEntryEditing } from './edit.ts';
import { createEntryMedia } from './entry-media.ts';
import { createEntryImports } from './imports.ts';
import { createEntryLimits } from './limits.ts';
import { createEntryReading } from './reading.ts';
import { createWriteRules } from './write-rules.ts';

export type { ImportedEntry } from './imports.ts';
export type { ReadableEntry } from './reading.ts';

/*
 * Entries, one part per operation (ADR 100): creating (create.ts), editing and deleting (edit.ts), the owner's
 * reads (reading.ts), the analytics and insights reads (analytics.ts), media through the entry (entry-media.ts)
 * and what an import asks (imports.ts), over one context (context.ts), the daily limits (limits.ts) and the
 * rules every write is held to (write-rules.ts). Routes and other modules see one service, as before.
 */
export function createEntriesService(deps: EntriesDeps) {
  const ctx = createEntriesContext(deps);
  const limits = createEntryLimits(ctx);
  const rules = createWriteRules(ctx);
  return {
    ...limits,
    ...createEntryCreation(ctx, limits, rules),
    ...createEntryEditing(ctx, limits, rules),
    ...createEntryReading(ctx),
    ...createEntryAnalytics(ctx),
    ...createEntryMedia(ctx),
    ...createEntryImports(ctx),
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
