import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeRedirectPath('/profile?tab=1#delete-account')).toBe('/profile?tab=1#delete-account');
  });

  it.each([
    null,
    '',
    'profile',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?redirect=/profile',
    '/register',
  ])('refuses %j', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('asks to come back to the full address', () => {
    expect(loginPathFor({ pathname: '/profile', search: '?tab=2', hash: '#sessions' })).toBe(
      `/login?redirect=${encodeURIComponent('/profile?tab=2#sessions')}`,
    );
  });

  it('moves an error from a failed verification link to the login page', () => {
    expect(loginPathFor({ pathname: '/dashboard', search: '?error=INVALID_TOKEN', hash: '' })).toBe(
      '/login?redirect=%2Fdashboard&error=INVALID_TOKEN',
    );
  });
});
