import { type PlanFeatures, SHARE_MESSAGES } from '@daybook/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { freePlanFeatures, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { entryPage, sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { renderEntryShare } from './entry-share.tsx';
import PastEntriesPage from './PastEntriesPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const HOUR = 3_600_000;
const premium: PlanFeatures = { ...freePlanFeatures, can_share_entries: true };
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function renderEntries(features: PlanFeatures) {
  await storeTestEntryKey();
  const fresh = await sealedEntry('Written just now', { createdAt: ago(60_000) });
  const old = await sealedEntry('Written yesterday', { createdAt: ago(13 * HOUR), isShared: true });
  stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(features),
    'GET /api/entries': json(entryPage([fresh, old])),
    [`GET /api/entries/${old.id}/shares`]: json({ shares: [] }),
  });
  renderWithProviders(<PastEntriesPage />, { path: '/past-entries' });
  const card = async (text: string) => (await screen.findByText(text)).closest('article') as HTMLElement;
  return { freshCard: await card('Written just now'), oldCard: await card('Written yesterday') };
}

const footerButtons = (card: HTMLElement) =>
  within(card.querySelector('footer') as HTMLElement)
    .getAllByRole('button')
    .map((button) => button.textContent?.trim());

// The menu and dialogs load on first use (React.lazy); importing them once here keeps that first transform on a
// busy machine out of the tests' waiting time.
beforeAll(async () => {
  await import('../../features/sharing/send/ShareMenu.tsx');
}, 60_000);

describe('the share action on entry cards', () => {
  it('sits beside Edit and Delete, and alone once the 12 hours are over', async () => {
    const { freshCard, oldCard } = await renderEntries(premium);
    expect(footerButtons(freshCard)).toEqual(['Share', 'Edit', 'Delete']);
    expect(footerButtons(oldCard)).toEqual(['Share']);
    expect(within(oldCard).getByText('Shared')).toBeTruthy();
    expect(within(freshCard).queryByText('Shared')).toBeNull();

    fireEvent.click(within(oldCard).getByRole('button', { name: 'Share' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Share with someone new' })).toBeTruthy();
    expect(await within(menu).findByRole('menuitem', { name: 'Manage shares (0 shares)' })).toBeTruthy();
  });

  it('is locked on the Free plan', async () => {
    const { oldCard } = await renderEntries(freePlanFeatures);
    const locked = await within(oldCard).findByRole('button', {
      name: 'Share',
      description: SHARE_MESSAGES.upgradeTooltip,
    });
    expect(locked.hasAttribute('data-locked')).toBe(true);
  });

  it('is offered on a private entry too, whose browser seals each share (ADR 103)', async () => {
    const entry = await sealedEntry('Sealed under the account key');
    const privateShare = renderEntryShare({ ...entry, text: '', encryptionVersion: 2 } as never) as {
      props: { isPrivate: boolean };
    };
    expect(privateShare.props.isPrivate).toBe(true);
    const standardShare = renderEntryShare({ ...entry, text: '', encryptionVersion: 1 } as never) as {
      props: { isPrivate: boolean };
    };
    expect(standardShare.props.isPrivate).toBe(false);
  });
});
