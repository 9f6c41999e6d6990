import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PREMIUM_FEATURES } from '../../lib/pricing/plans.ts';
import { CheckoutOverlay } from './components/CheckoutOverlay.tsx';
import { UpgradeCelebration } from './components/UpgradeCelebration.tsx';

const noop = () => undefined;

/** docs/product/plans-billing.md#plans-features: what each plan's lists say. */
describe('plan copy', () => {
  it('the Premium card promises generous storage and premium support beside images, audio, video and AI', () => {
    expect(PREMIUM_FEATURES).toEqual(
      expect.arrayContaining([
        'Audio and video entries',
        'Advanced AI: 20 insights a day',
        'Generous storage for photos, voice notes and video',
        'Premium support',
      ]),
    );
  });

  it('the checkout overlay adds 25 entries a day, coaching, future-self chat, export and priority support', () => {
    render(<CheckoutOverlay isProcessing={false} isStarting={false} onCheckout={noop} onClose={noop} />);
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Premium Journey' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(
      expect.arrayContaining([
        'Up to 25 entries a day',
        'AI growth coach and 20 insights a day',
        'Future-self chat with you, five years from now',
        'Export your whole journal',
        'Generous storage for photos, voice notes and video',
        'Priority support',
      ]),
    );
  });

  it('"Welcome to Basic!" lists Basic\'s three features', () => {
    render(<UpgradeCelebration planName="Basic" onClose={noop} />);
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Basic!' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Image entries', 'Enhanced mood tracking', 'Priority support']);
  });
});
