import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import './zod-config.ts';

describe('zod in the browser', () => {
  it('parses without compiling, so it never probes for eval (which the CSP forbids)', () => {
    expect(globalConfig.jitless).toBe(true);
    const Entry = z.object({ id: z.string(), mood: z.enum(['happy', 'sad']) });
    expect(Entry.parse({ id: 'e1', mood: 'happy', extra: 1 })).toEqual({ id: 'e1', mood: 'happy' });
  });
});
