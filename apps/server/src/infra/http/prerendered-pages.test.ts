import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, queryOf } from './prerendered-pages.ts';

const page = (url: string) => {
  const found = PRERENDERED_PAGES.find((p) => p.url === url);
  if (!found) throw new Error(`no prerendered page at ${url}`);
  return found;
};

describe('prerendered pages', () => {
  it('reads the query of a request URL', () => {
    expect(queryOf('/login').toString()).toBe('');
    expect(queryOf('/login?redirect=%2Fprofile%3Ftab%3D1').get('redirect')).toBe('/profile?tab=1');
    expect([...queryOf('/?utm_source=mail&x').keys()]).toEqual(['utm_source', 'x']);
  });

  it('serves the landing page whatever its query', () => {
    expect(page('/').serves(queryOf('/'))).toBe(true);
    expect(page('/').serves(queryOf('/?utm_source=mail'))).toBe(true);
  });

  it('serves the login page plain or with redirect only', () => {
    const login = page('/login');
    expect(login.serves(queryOf('/login'))).toBe(true);
    expect(login.serves(queryOf('/login?redirect=%2Fprofile'))).toBe(true);
    expect(login.serves(queryOf('/login?intent=premium'))).toBe(false);
    expect(login.serves(queryOf('/login?redirect=%2Fdashboard&error=TOKEN_EXPIRED'))).toBe(false);
    expect(login.serves(queryOf('/login?verified=1'))).toBe(false);
    // A parameter it does not know may change the page: the app reads it.
    expect(login.serves(queryOf('/login?something=new'))).toBe(false);
  });
});
