import { WHAT_EACH_MODE_PROTECTS, WHAT_THE_SERVER_READS } from '@daybook/shared';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AboutPage from '../features/info/pages/AboutPage.tsx';
import FeaturesPage from '../features/info/pages/FeaturesPage.tsx';
import PrivacyPage from '../features/info/pages/PrivacyPage.tsx';
import LandingPage from '../features/marketing/pages/LandingPage.tsx';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';

/**
 * In the standard mode the server can derive every user's key (ADR 008), so no page may promise more than
 * protection at rest for it; private mode's claims are the shared table's (ADR 101), checked below. These are the
 * claims the pages once made, or that copy about encryption tends to drift into.
 */
const OVERCLAIMS = [
  /end-to-end encrypted/i,
  /zero-knowledge/i,
  /only you can read/i,
  /we can(?:not|'t|’t) read/i,
  /server cannot read/i,
  /nobody browses/i,
  /reveals nothing/i,
  /back up the whole/i,
];

async function pageText(ui: ReactElement, firstHeading: string | RegExp): Promise<string> {
  const { container } = renderWithProviders(ui);
  await screen.findByRole('heading', { level: 1, name: firstHeading });
  return container.textContent ?? '';
}

describe('privacy copy', () => {
  beforeEach(() => {
    // The landing page's pricing block asks for prices; its fallback is enough here.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ code: 'NO_PRICING_DATA', message: 'x' }, 404)),
    );
  });

  it.each([
    ['landing', () => <LandingPage />, /private journal/i],
    ['features', () => <FeaturesPage />, 'Features'],
    ['privacy', () => <PrivacyPage />, 'Privacy Policy'],
    ['about', () => <AboutPage />, 'About Daybook'],
  ])('the %s page promises no more than the server keeps', async (_name, render, heading) => {
    const text = await pageText(render(), heading);
    for (const claim of OVERCLAIMS) expect(text).not.toMatch(claim);
    expect(text).toMatch(/not end-to-end/i);
  });

  it('the privacy page says what the server reads today, what is plain, and how to keep backups', async () => {
    const text = await pageText(<PrivacyPage />, 'Privacy Policy');
    expect(text).toMatch(/In standard mode this is protection at rest, not end-to-end encryption\./);
    expect(text).toContain('Saving or editing an entry.');
    expect(text).toContain('Sharing an entry.');
    expect(text).toContain('Messages to your future self.');
    expect(text).toMatch(/that e-mail carries the message in readable form/i);
    // Media encrypted at rest (ADR 081), and said no more strongly than it holds.
    expect(text).toMatch(
      /photos, voice notes, videos, their thumbnails and uploaded import\s+archives are encrypted/i,
    );
    expect(text).toMatch(/A copy of\s+those files alone opens none of them/);
    expect(text).toMatch(/an operator with both the\s+files and the secret could open them/);
    // Private mode (ADR 101): both tables, from the one source the README holds too, every cell as written there.
    for (const caption of [
      'What the server can read, in each mode',
      'What each mode protects your journal against',
    ])
      expect(screen.getByRole('table', { name: caption })).toBeTruthy();
    for (const row of [...WHAT_THE_SERVER_READS, ...WHAT_EACH_MODE_PROTECTS]) {
      expect(text).toContain(row.standard);
      expect(text).toContain(row.private);
    }
    expect(text).toMatch(/A modified app could skip them/);
    expect(text).toMatch(/entries you had shared stop being shared/);
    expect(text).toMatch(/the server can read it again/);
    expect(text).toMatch(/Lose\s+both and nobody can read your private entries again/);
    expect(text).not.toMatch(/photos, voice notes and videos are not encrypted/i);
    expect(text).toContain('secret.key');
    expect(text).toContain('ENCRYPTION_SECRET');
    expect(text).toContain('the secret must be backed up separately from the database');
    expect(text).toContain('a backup must never hold both together');
    // Unbuilt features are not advertised.
    expect(screen.queryByRole('heading', { level: 2, name: /AI features/ })).toBeNull();
    expect(text).not.toMatch(/download your journal from the export page/i);
  });

  it('the features page advertises only what is built', async () => {
    const text = await pageText(<FeaturesPage />, 'Features');
    for (const section of [/AI help/, /Sharing with/, /Notifications/, /future self/]) {
      expect(screen.queryByRole('heading', { level: 2, name: section })).toBeNull();
    }
    expect(text).not.toMatch(/coming soon/i);
    expect(screen.getByRole('heading', { level: 2, name: 'Encryption, plainly' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Writing' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'What each mode protects your journal against' })).toBeTruthy();
    for (const row of WHAT_EACH_MODE_PROTECTS) expect(text).toContain(row.private);
  });

  it('the landing page links to what the server can read', async () => {
    await pageText(<LandingPage />, /private journal/i);
    expect(screen.getByRole('link', { name: 'What the server can read' }).getAttribute('href')).toBe(
      '/privacy#when-the-server-reads',
    );
  });
});
