import { describe, expect, it } from 'vitest';
import { isPublicAddress, pushEndpointProblem } from './endpoint-guard.ts';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '142.250.185.10', '2606:4700:4700::1111', '2a00:1450:4001:80b::200a'])(
    'allows %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('pushEndpointProblem', () => {
  const network = {
    isAllowedAddress: isPublicAddress,
    resolve: async (host: string) =>
      ({ 'push.example': ['93.184.216.34'], 'mixed.example': ['93.184.216.34', '10.0.0.7'] })[host] ?? [],
  };

  it('accepts an https endpoint on a public host', async () => {
    expect(await pushEndpointProblem('https://push.example/send/abc', network)).toBeNull();
  });

  it.each([
    ['http://push.example/send/abc', 'not_https'],
    ['https://user:secret@push.example/send/abc', 'credentials'],
    ['https://mixed.example/send/abc', 'not_public'],
    ['https://nowhere.example/send/abc', 'unresolvable'],
    ['https://[::1]:8443/send/abc', 'not_public'],
    ['https://0x7f.1/send/abc', 'not_public'],
  ])('%s is %s', async (endpoint, problem) => {
    expect(await pushEndpointProblem(endpoint, network)).toBe(problem);
  });
});
