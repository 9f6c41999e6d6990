import { describe, expect, it } from 'vitest';
import { isAppRoutePath, matchesRoutePath } from './routes.ts';

describe('matchesRoutePath', () => {
  it('matches static paths case-insensitively, with or without a trailing slash', () => {
    expect(matchesRoutePath('/pricing', '/pricing')).toBe(true);
    expect(matchesRoutePath('/pricing', '/Pricing/')).toBe(true);
    expect(matchesRoutePath('/pricing', '/pricing/extra')).toBe(false);
    expect(matchesRoutePath('/pricing', '/pricin')).toBe(false);
  });

  it('matches the root only as the root', () => {
    expect(matchesRoutePath('/', '/')).toBe(true);
    expect(matchesRoutePath('/', '')).toBe(false);
    expect(matchesRoutePath('/', '/x')).toBe(false);
  });

  it('takes one non-empty segment for a :param', () => {
    expect(matchesRoutePath('/share/:token', '/share/abc123')).toBe(true);
    expect(matchesRoutePath('/share/:token', '/share/a%20b')).toBe(true);
    expect(matchesRoutePath('/share/:token', '/share/')).toBe(false);
    expect(matchesRoutePath('/share/:token', '/share/a/b')).toBe(false);
    expect(matchesRoutePath('/share/:token', '/share/%E0%A4%A')).toBe(false);
  });
});

describe('isAppRoutePath', () => {
  it('knows the pages of the production build and nothing else', () => {
    expect(isAppRoutePath('/dashboard')).toBe(true);
    expect(isAppRoutePath('/edit-entry/5f0c')).toBe(true);
    expect(isAppRoutePath('/entry/dayone/DA000000000000000000000000000002')).toBe(true);
    expect(isAppRoutePath('/no-such-page')).toBe(false);
    expect(isAppRoutePath('/test-accounts')).toBe(false);
  });
});
