import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { premiumPlanFeatures, sealedMessage } from '../../features/future-messages/test-messages.ts';
import { json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey } from '../../test/entries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MESSAGES_EMPTY_MESSAGE, MobileNavDrawer } from './MobileNavDrawer.tsx';

async function renderMenu(items: unknown[]) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(premiumPlanFeatures),
    'GET /api/future-messages': json({ items, total: items.length }),
  });
  const result = renderWithProviders(<MobileNavDrawer user={sessionUser} defaultOpen />, {
    path: '/dashboard',
    routes: [{ path: '/me-ahead', element: <h1>Me ahead</h1> }],
  });
  return { ...result, fetchMock };
}

async function messagesSection(): Promise<HTMLElement> {
  const menu = await screen.findByRole('dialog', { name: 'Menu' });
  return within(menu).getByRole('heading', { name: 'Messages' }).closest('section') as HTMLElement;
}

describe('the side menu’s Messages section', () => {
  it('lists the latest messages, decrypted, each leading to /me-ahead', async () => {
    const message = await sealedMessage('To me, in spring', 'Hello', { status: 'sent' });
    const { fetchMock, router } = await renderMenu([message]);
    const section = await messagesSection();
    expect(await within(section).findByText('To me, in spring')).toBeTruthy();
    expect(within(section).getByText('Delivered')).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/future-messages');
    expect(asked?.searchParams.get('pageSize')).toBe('3');

    fireEvent.click(within(section).getByRole('link', { name: 'See all messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/me-ahead'));
  });

  it('says so when there are none', async () => {
    await renderMenu([]);
    const section = await messagesSection();
    expect(await within(section).findByText(MESSAGES_EMPTY_MESSAGE)).toBeTruthy();
  });
});
