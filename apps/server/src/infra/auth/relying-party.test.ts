import { describe, expect, it } from 'vitest';
import { relyingParty } from './relying-party.ts';

describe('relyingParty', () => {
  it('is the host of APP_URL, accepting its origin only', () => {
    expect(relyingParty({ appUrl: 'https://daybook.example', isProduction: true })).toEqual({
      id: 'daybook.example',
      name: 'Daybook',
      origins: ['https://daybook.example'],
    });
    expect(relyingParty({ appUrl: 'https://localhost:3111', isProduction: true })?.origins).toEqual([
      'https://localhost:3111',
    ]);
  });

  it('is localhost on the same port for a loopback APP_URL outside production (WebAuthn takes no IP address)', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      expect(relyingParty({ appUrl: `http://${host}:3000`, isProduction: false })).toEqual({
        id: 'localhost',
        name: 'Daybook',
        origins: ['http://localhost:3000'],
      });
    }
  });

  it('does not exist on an IP address otherwise', () => {
    expect(relyingParty({ appUrl: 'https://192.0.2.10', isProduction: true })).toBeNull();
    expect(relyingParty({ appUrl: 'http://10.0.0.2:3000', isProduction: false })).toBeNull();
    expect(relyingParty({ appUrl: 'https://[2001:db8::1]', isProduction: true })).toBeNull();
  });
});
