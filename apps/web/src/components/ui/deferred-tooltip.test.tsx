import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip.tsx';

function Hinted({ hint, onClick }: { hint: string | null; onClick?: () => void }) {
  return (
    <>
      <button type="button">Before</button>
      <DeferredTooltip content={hint}>
        <button type="button" onClick={onClick}>
          Locked
        </button>
      </DeferredTooltip>
    </>
  );
}

describe('DeferredTooltip', () => {
  // First in the file: the tooltip's code is not loaded yet (once loaded, it stays for every later test).
  it("a press is not undone by the tooltip's code arriving before the release: the click lands", async () => {
    const onClick = vi.fn();
    render(<Hinted hint="Upgrade to Premium" onClick={onClick} />);
    const standIn = screen.getByRole('button', { name: 'Locked' });
    fireEvent.pointerEnter(standIn, { pointerType: 'mouse' });
    fireEvent.pointerDown(standIn, { pointerType: 'mouse' });
    act(() => standIn.focus());
    // The code arrives while the button is held down: the button stays the same element.
    await act(() => import('./tooltip.tsx').then(() => new Promise((resolve) => setTimeout(resolve, 0))));
    expect(screen.getByRole('button', { name: 'Locked' })).toBe(standIn);
    fireEvent.pointerUp(standIn, { pointerType: 'mouse' });
    fireEvent.click(standIn);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('renders the trigger alone until it is used, then opens the real tooltip on focus and keeps focus', async () => {
    render(<Hinted hint="Upgrade to Premium" />);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Locked' }).focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Upgrade to Premium');
    // The real trigger replaced the stand-in, and has focus as the stand-in had.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Locked' }));

    fireEvent.keyDown(screen.getByRole('button', { name: 'Locked' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Locked' }));
  });

  it('shows nothing without content', () => {
    render(<Hinted hint={null} />);
    act(() => screen.getByRole('button', { name: 'Locked' }).focus());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Locked' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
