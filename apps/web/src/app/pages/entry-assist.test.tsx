import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { renderAiAssist } from './entry-assist.tsx';

const HOST = 'api.provider.example';
const privateConsents = (items: unknown[] = []) => json({ isRequired: true, providerHost: HOST, items });

describe('AI Assist in the entry boxes (ADR 104)', () => {
  it('a standard account is asked nothing: the draft is expanded at once', async () => {
    const api = stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': json({ isRequired: false, providerHost: HOST, items: [] }),
      'POST /api/ai/enhance': json({ enhancedText: 'A longer walk by the river' }),
    });
    let replaced = '';
    renderWithProviders(<>{renderAiAssist('A walk by the river', (next) => (replaced = next))}</>, {
      path: '/dashboard',
    });
    fireEvent.click(await screen.findByRole('button', { name: /AI Assist/ }));
    await waitFor(() => expect(replaced).toBe('A longer walk by the river'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api, 'POST /api/ai/enhance')).toHaveLength(1);
  });

  it('a private account is asked first, naming the host and what is sent; "Not now" sends nothing', async () => {
    const api = stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': privateConsents(),
      'POST /api/ai/enhance': json({ enhancedText: 'never' }),
    });
    renderWithProviders(<>{renderAiAssist('A walk by the river', () => {})}</>, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: /AI Assist/ }));
    const dialog = await screen.findByRole('dialog', { name: `Send your words to ${HOST}?` });
    expect(within(dialog).getByText(`the AI provider at ${HOST}`)).toBeTruthy();
    expect(dialog.textContent).toContain('AI Assist sends the draft you are writing');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST /api/ai/enhance')).toHaveLength(0);
    expect(callsTo(api, 'PUT /api/ai/consents/assist')).toHaveLength(0);
  });

  it('"Allow and send" records consent for the host named, then sends the draft', async () => {
    const api = stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': privateConsents(),
      'PUT /api/ai/consents/assist': json({
        feature: 'assist',
        providerHost: HOST,
        givenAt: '2026-11-29T10:00:00Z',
      }),
      'POST /api/ai/enhance': json({ enhancedText: 'A longer walk by the river' }),
    });
    let replaced = '';
    renderWithProviders(<>{renderAiAssist('A walk by the river', (next) => (replaced = next))}</>, {
      path: '/dashboard',
    });
    fireEvent.click(await screen.findByRole('button', { name: /AI Assist/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Allow and send' }));
    await waitFor(() => expect(replaced).toBe('A longer walk by the river'));
    expect(callsTo(api, 'PUT /api/ai/consents/assist')).toEqual([{ providerHost: HOST }]);
    expect(callsTo(api, 'POST /api/ai/enhance')).toEqual([{ text: 'A walk by the river' }]);
  });

  it('consent given for the current host is not asked again', async () => {
    const api = stubApi({
      ...signedInHandlers(),
      'GET /api/ai/consents': privateConsents([
        { feature: 'assist', providerHost: HOST, givenAt: '2026-11-29T10:00:00Z' },
      ]),
      'POST /api/ai/enhance': json({ enhancedText: 'A longer walk by the river' }),
    });
    renderWithProviders(<>{renderAiAssist('A walk by the river', () => {})}</>, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: /AI Assist/ }));
    await waitFor(() => expect(callsTo(api, 'POST /api/ai/enhance')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
