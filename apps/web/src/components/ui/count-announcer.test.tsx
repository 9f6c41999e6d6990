import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountAnnouncer } from './count-announcer.tsx';

const label = (count: number) => `${count} unread notifications`;

describe('CountAnnouncer', () => {
  it('says nothing for the count the page loads with, then announces a count that goes up', () => {
    const { rerender } = render(<CountAnnouncer count={null} label={label} />);
    const status = screen.getByRole('status');
    rerender(<CountAnnouncer count={2} label={label} />);
    expect(status.textContent).toBe('');
    rerender(<CountAnnouncer count={3} label={label} />);
    expect(status.textContent).toBe('3 unread notifications');
  });

  it('keeps quiet when the count goes down (items read)', () => {
    const { rerender } = render(<CountAnnouncer count={5} label={label} />);
    rerender(<CountAnnouncer count={1} label={label} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
