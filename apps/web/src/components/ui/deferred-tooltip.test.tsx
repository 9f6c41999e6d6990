import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip.tsx';

function Hinted({ hint }: { hint: string | null }) {
  return (
    <>
      <button type="button">Before</button>
      <DeferredTooltip content={hint}>
        <button type="button">Locked</button>
      </DeferredTooltip>
    </>
  );
}

describe('DeferredTooltip', () => {
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
