import { describe, expect, it } from 'vitest';
import { editWindowBadge, editWindowRemainingMs, isEditable } from './edit-window.ts';

const created = new Date('2026-11-21T08:00:00Z');
const at = (iso: string) => new Date(iso);

describe('edit window', () => {
  it('lasts 12 hours from creation', () => {
    expect(editWindowRemainingMs(created, at('2026-11-21T08:00:00Z'))).toBe(12 * 3600_000);
    expect(isEditable(created, at('2026-11-21T19:59:59Z'))).toBe(true);
    expect(isEditable(created, at('2026-11-21T20:00:00Z'))).toBe(false);
    expect(editWindowRemainingMs(created, at('2026-11-22T08:00:00Z'))).toBe(0);
  });

  it('shows hours, then minutes under an hour, warning at 60 minutes or less', () => {
    expect(editWindowBadge(12 * 3600_000)).toEqual({ label: '12h left to edit', isWarning: false });
    expect(editWindowBadge(61 * 60_000)).toEqual({ label: '1h left to edit', isWarning: false });
    expect(editWindowBadge(60 * 60_000)).toEqual({ label: '1h left to edit', isWarning: true });
    expect(editWindowBadge(59 * 60_000)).toEqual({ label: '59m left to edit', isWarning: true });
    expect(editWindowBadge(30_000)).toEqual({ label: '1m left to edit', isWarning: true });
    expect(editWindowBadge(0)).toBeNull();
  });
});
