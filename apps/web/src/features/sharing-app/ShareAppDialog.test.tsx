import { MESSAGES } from '@daybook/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIEF_TOAST, COPIED_STATE_MS } from '../../lib/constants.ts';
import { ShareAppDialog } from './ShareAppDialog.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(writeText) },
    configurable: true,
  });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

function openDialog() {
  render(
    <ShareAppDialog>
      <button type="button">Tell others</button>
    </ShareAppDialog>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Tell others' }));
  return screen.getByRole('dialog', { name: 'Share Daybook' });
}

describe('ShareAppDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the site address, says "Copied!" for two seconds, then offers to copy again', async () => {
    const writeText = stubClipboard(async () => {});
    const dialog = openDialog();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    });

    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.linkCopied, BRIEF_TOAST);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(COPIED_STATE_MS - 1));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it('says so when the clipboard refuses, and never shows "Copied!"', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const dialog = openDialog();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    });

    expect(toast.error).toHaveBeenCalledWith(MESSAGES.copyFailed, BRIEF_TOAST);
    expect(toast.success).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it('opens every outbound target in a new window, and Instagram copies the link instead', async () => {
    const writeText = stubClipboard(async () => {});
    const dialog = openDialog();
    const origin = encodeURIComponent(window.location.origin);

    for (const name of ['Facebook', 'WhatsApp', 'Gmail', 'Twitter', 'LinkedIn']) {
      const link = within(dialog).getByRole('link', { name: new RegExp(name) });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toContain(origin);
    }

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /Instagram/ }));
    });
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.linkCopied, BRIEF_TOAST);
  });
});
