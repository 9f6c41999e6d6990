import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AVATAR } from '../constants.ts';
import { avatarFileProblem, isAvatarMimeType } from './avatar.ts';

describe('avatarFileProblem', () => {
  it('accepts JPEG, PNG, WebP and GIF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(avatarFileProblem({ type, size: AVATAR.maxBytes })).toBeNull();
    }
  });

  it('refuses other types, including other images', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(AUTH_MESSAGES.avatarNotImage);
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe(AUTH_MESSAGES.avatarNotImage);
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(AUTH_MESSAGES.avatarNotImage);
  });

  it('refuses a file one byte over 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR.maxBytes + 1 })).toBe(
      AUTH_MESSAGES.avatarTooLarge,
    );
  });

  it('reads the type case-insensitively', () => {
    expect(isAvatarMimeType('IMAGE/PNG')).toBe(true);
  });
});
