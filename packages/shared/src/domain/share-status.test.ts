import { describe, expect, it } from 'vitest';
import {
  canResend,
  canRevoke,
  isShareExpired,
  type ResendFacts,
  resendCountLabel,
  shareBadgeStatus,
} from './share-status.ts';

const now = new Date('2026-11-22T12:00:00Z');
const share = (overrides: Partial<ResendFacts> = {}): ResendFacts => ({
  status: 'active',
  events: [],
  expiresAt: '2026-12-22T12:00:00Z',
  recipientRegistered: false,
  resendCount: 0,
  ...overrides,
});
const events = (...types: string[]) => types.map((type) => ({ type }));

describe('shareBadgeStatus', () => {
  it('is Pending with no events, Delivered once e-mailed, Viewed once the link was opened', () => {
    expect(shareBadgeStatus(share(), now)).toBe('Pending');
    expect(shareBadgeStatus(share({ events: events('email_sent') }), now)).toBe('Delivered');
    expect(shareBadgeStatus(share({ events: events('email_sent', 'resent') }), now)).toBe('Delivered');
    expect(shareBadgeStatus(share({ events: events('email_sent', 'share_viewed') }), now)).toBe('Viewed');
    expect(shareBadgeStatus(share({ events: events('share_viewed') }), now)).toBe('Viewed');
  });

  it('counts only share_viewed as viewed (docs/product/sharing.md#sharing-status), not in_app_viewed', () => {
    expect(shareBadgeStatus(share({ events: events('in_app_viewed') }), now)).toBe('Pending');
    expect(shareBadgeStatus(share({ events: events('email_sent', 'in_app_viewed') }), now)).toBe('Delivered');
  });

  it('puts Revoked before Expired, and both before any event', () => {
    const all = events('email_sent', 'share_viewed');
    expect(shareBadgeStatus(share({ status: 'revoked', events: all }), now)).toBe('Revoked');
    expect(shareBadgeStatus(share({ status: 'revoked', expiresAt: '2020-01-01T00:00:00Z' }), now)).toBe(
      'Revoked',
    );
    expect(shareBadgeStatus(share({ status: 'expired', events: all }), now)).toBe('Expired');
  });

  it('treats an active share past its expiry time as Expired when given the time', () => {
    const past = share({ expiresAt: '2026-11-22T12:00:00Z', events: events('email_sent') });
    expect(shareBadgeStatus(past, now)).toBe('Expired');
    expect(isShareExpired(past, new Date('2026-11-22T11:59:59Z'))).toBe(false);
    // Without a time, only the status counts.
    expect(shareBadgeStatus(past)).toBe('Delivered');
  });
});

describe('canResend', () => {
  it('allows an active share to an unregistered recipient, up to 3 resends', () => {
    expect(canResend(share(), now)).toBe(true);
    expect(canResend(share({ resendCount: 2 }), now)).toBe(true);
    expect(canResend(share({ resendCount: 3 }), now)).toBe(false);
    expect(canResend(share({ resendCount: 4 }), now)).toBe(false);
  });

  it('refuses a registered recipient, a revoked or expired share', () => {
    expect(canResend(share({ recipientRegistered: true }), now)).toBe(false);
    expect(canResend(share({ status: 'revoked' }), now)).toBe(false);
    expect(canResend(share({ status: 'expired' }), now)).toBe(false);
    expect(canResend(share({ expiresAt: '2026-11-01T00:00:00Z' }), now)).toBe(false);
  });
});

describe('canRevoke', () => {
  it('is for active shares only', () => {
    expect(canRevoke(share({ recipientRegistered: true }), now)).toBe(true);
    expect(canRevoke(share({ status: 'revoked' }), now)).toBe(false);
    expect(canRevoke(share({ status: 'expired' }), now)).toBe(false);
    expect(canRevoke(share({ expiresAt: '2026-11-01T00:00:00Z' }), now)).toBe(false);
  });
});

describe('resendCountLabel', () => {
  it('says how many of the 3 resends were used', () => {
    expect(resendCountLabel(0)).toBe('Resent 0 of 3 times');
    expect(resendCountLabel(2)).toBe('Resent 2 of 3 times');
    expect(resendCountLabel(5)).toBe('Resent 3 of 3 times');
  });
});
