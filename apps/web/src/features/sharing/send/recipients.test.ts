import { SHARE_MESSAGES } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { checkRecipient, splitTypedAddresses } from './recipients.ts';

const own = 'ada@example.com';

describe('checkRecipient', () => {
  it('lower-cases and trims a valid address', () => {
    expect(checkRecipient('  Bob@Example.COM ', { recipients: [], ownEmail: own })).toEqual({
      isValid: true,
      email: 'bob@example.com',
    });
  });

  it.each(['bob', 'bob@', 'bob@example', '@example.com', 'bob smith@example.com', `${'a'.repeat(250)}@x.io`])(
    'refuses %j as invalid',
    (raw) => {
      expect(checkRecipient(raw, { recipients: [], ownEmail: own })).toEqual({
        isValid: false,
        message: SHARE_MESSAGES.invalidEmail,
      });
    },
  );

  it('refuses the sender, a duplicate, and a sixth address', () => {
    expect(checkRecipient('ADA@example.com', { recipients: [], ownEmail: own })).toEqual({
      isValid: false,
      message: SHARE_MESSAGES.selfShare,
    });
    expect(checkRecipient('Bob@example.com', { recipients: ['bob@example.com'], ownEmail: own })).toEqual({
      isValid: false,
      message: SHARE_MESSAGES.duplicateEmail,
    });
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.com`);
    expect(checkRecipient('f@example.com', { recipients: five, ownEmail: own })).toEqual({
      isValid: false,
      message: SHARE_MESSAGES.maxRecipients,
    });
    expect(checkRecipient('f@example.com', { recipients: five.slice(1), ownEmail: own }).isValid).toBe(true);
  });
});

describe('splitTypedAddresses', () => {
  it('splits on commas, semicolons and line breaks, keeping the unfinished rest', () => {
    expect(splitTypedAddresses('a@x.io')).toEqual({ complete: [], rest: 'a@x.io' });
    expect(splitTypedAddresses('a@x.io,')).toEqual({ complete: ['a@x.io'], rest: '' });
    expect(splitTypedAddresses('a@x.io, b@y.io;\nc@z')).toEqual({
      complete: ['a@x.io', ' b@y.io'],
      rest: 'c@z',
    });
    expect(splitTypedAddresses(',,')).toEqual({ complete: [], rest: '' });
  });
});
