import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import AiConsentsSection from './components/AiConsentsSection.tsx';

const HOST = 'api.provider.example';

describe('the profile’s AI consent (ADR 104)', () => {
  it('lists the features consented to with who receives the words, and Withdraw removes one', async () => {
    let items = [
      { feature: 'coach', providerHost: HOST, givenAt: '2026-11-29T10:00:00Z' },
      { feature: 'assist', providerHost: HOST, givenAt: '2026-11-28T10:00:00Z' },
    ];
    const api = stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': () => jsonResponse({ isRequired: true, providerHost: HOST, items }),
      'DELETE /api/ai/consents/coach': () => {
        items = items.filter((item) => item.feature !== 'coach');
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<AiConsentsSection />, { path: '/profile' });
    const list = await screen.findByRole('list', { name: 'AI features you consented to' });
    // In the order the features are named: AI Assist first.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('AI Assist'), expect.stringContaining('Growth coach')]);
    expect(list.textContent).toContain(`the AI provider at ${HOST}`);
    fireEvent.click(within(list).getByRole('button', { name: 'Withdraw consent for Growth coach' }));
    await waitFor(() => expect(within(list).queryByText('Growth coach')).toBeNull());
    expect(callsTo(api, 'DELETE /api/ai/consents/coach')).toHaveLength(1);
  });

  it('a standard account is told it is asked nothing', async () => {
    stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': json({ isRequired: false, providerHost: HOST, items: [] }),
    });
    renderWithProviders(<AiConsentsSection />, { path: '/profile' });
    expect(await screen.findByText(/AI features ask nothing first/)).toBeTruthy();
  });
});
