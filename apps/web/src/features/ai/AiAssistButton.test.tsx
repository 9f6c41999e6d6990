import { AI_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AiAssistButton } from './components/AiAssistButton.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

/** A standard account: AI Assist asks no consent first (ADR 104). */
const STANDARD = { 'GET /api/ai/consents': json({ isRequired: false, providerHost: null, items: [] }) };
const ENHANCE = 'POST /api/ai/enhance';

/** A text field with AI Assist beside it, as the quick entry card and the edit page hold it. */
function Field({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <textarea aria-label="Entry" value={text} onChange={(event) => setText(event.target.value)} />
      <AiAssistButton text={text} onReplace={setText} />
    </>
  );
}

const entry = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Entry' });
const assist = () => screen.getByRole('button', { name: /AI Assist|Enhancing/ });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
});

describe('AI Assist', () => {
  it('is offered from 10 characters that are not blank, and says why before', async () => {
    const fetchMock = stubApi({
      ...STANDARD,
      [ENHANCE]: json({ enhancedText: 'never asked' }),
    });
    renderWithProviders(<Field initial={'  a b c d e f g h i  \n'} />);
    // 9 non-blank characters, however much space surrounds them.
    expect(assist().getAttribute('aria-disabled')).toBe('true');
    expect(assist().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(AI_MESSAGES.tooShort)).toBeTruthy();
    fireEvent.click(assist());
    expect(callsTo(fetchMock, ENHANCE)).toEqual([]);
    // Pressed anyway (a tap, Enter), it says why: the tooltip alone needs a pointer that hovers.
    expect(toast.info).toHaveBeenCalledWith(AI_MESSAGES.tooShort, expect.anything());

    fireEvent.change(entry(), { target: { value: 'a b c d e f g h i j' } });
    expect(assist().getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByText(AI_MESSAGES.tooShort)).toBeNull();
  });

  it('replaces the text with the expanded one, and Undo puts the original back', async () => {
    const fetchMock = stubApi({
      ...STANDARD,
      [ENHANCE]: json({ enhancedText: 'A long, slow walk by the river at dusk.' }),
    });
    renderWithProviders(<Field initial="Walk by the river" />);
    fireEvent.click(assist());
    await waitFor(() => expect(entry().value).toBe('A long, slow walk by the river at dusk.'));
    expect(callsTo(fetchMock, ENHANCE)).toEqual([{ text: 'Walk by the river' }]);
    expect(toast.success).toHaveBeenCalledWith(
      AI_MESSAGES.enhanced,
      expect.objectContaining({ description: AI_MESSAGES.enhancedDescription }),
    );

    const options = vi.mocked(toast.success).mock.calls[0]?.[1] as {
      action: { label: string; onClick: () => void };
    };
    expect(options.action.label).toBe('Undo');
    act(() => options.action.onClick());
    await waitFor(() => expect(entry().value).toBe('Walk by the river'));
  });

  it('says "AI Assist failed" with the server\'s reason, and how to set up a provider when none is', async () => {
    stubApi({
      ...STANDARD,
      [ENHANCE]: apiError(409, 'AI_NOT_CONFIGURED', AI_MESSAGES.noProvider),
    });
    renderWithProviders(<Field initial="Walk by the river" />);
    fireEvent.click(assist());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(AI_MESSAGES.failed, { description: AI_MESSAGES.noProvider }),
    );
    expect(entry().value).toBe('Walk by the river');
    expect(toast.success).not.toHaveBeenCalled();
    expect(AI_MESSAGES.noProvider).toMatch(/AI_BASE_URL/);
  });

  it('says "AI Assist failed" and "Please try again" when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<Field initial="Walk by the river" />);
    fireEvent.click(assist());
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(AI_MESSAGES.failed);
    expect(entry().value).toBe('Walk by the river');
  });
});
