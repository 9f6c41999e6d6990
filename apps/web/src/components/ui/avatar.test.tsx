import { describe, expect, it } from 'vitest';
import { initials } from './avatar.tsx';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('grace brewster hopper')).toBe('GH');
    expect(initials('Cher')).toBe('C');
    expect(initials('   ')).toBe('?');
  });
});
