import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './segmented-control.tsx';

function Billing() {
  const [value, setValue] = useState<'month' | 'year'>('month');
  return (
    <SegmentedControl
      label="Billing period"
      value={value}
      onValueChange={setValue}
      options={[
        { value: 'month', label: 'Monthly' },
        { value: 'year', label: 'Annual', badge: 'BEST VALUE' },
      ]}
    />
  );
}

describe('SegmentedControl', () => {
  it('is one tab stop whose arrow keys move the choice (ARIA radio group)', () => {
    render(<Billing />);
    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    const annual = screen.getByRole('radio', { name: 'Annual' });
    expect(monthly.getAttribute('aria-checked')).toBe('true');
    expect(monthly.tabIndex).toBe(0);
    expect(annual.tabIndex).toBe(-1);

    fireEvent.keyDown(monthly, { key: 'ArrowRight' });
    expect(annual.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(annual);
    expect(annual.tabIndex).toBe(0);

    fireEvent.keyDown(annual, { key: 'ArrowRight' });
    expect(monthly.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(monthly, { key: 'End' });
    expect(annual.getAttribute('aria-checked')).toBe('true');
  });
});
