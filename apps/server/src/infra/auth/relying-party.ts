import { isIP } from 'node:net';
import { PASSKEY } from '@daybook/shared';
import type { Config } from '../../config.ts';

/** Who passkeys belong to (WebAuthn's relying party, ADR 080): its id (a domain) and the origins it accepts. */
export type RelyingParty = { id: string; name: string; origins: string[] };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The relying party of APP_URL: its host is the id, its origin the one origin a passkey answer may come from.
 * WebAuthn takes no IP address as an id, so outside production a loopback APP_URL (http://127.0.0.1:3000 in
 * development) has `localhost` on the same port, the loopback spelling the browser accepts; `trustedOrigins` lets
 * those spellings in beside APP_URL already. An APP_URL on an IP address otherwise has no passkeys (null).
 */
export function relyingParty(config: Pick<Config, 'appUrl' | 'isProduction'>): RelyingParty | null {
  const url = new URL(config.appUrl);
  if (!config.isProduction && LOOPBACK.has(url.hostname)) {
    const port = url.port ? `:${url.port}` : '';
    return { id: 'localhost', name: PASSKEY.rpName, origins: [`${url.protocol}//localhost${port}`] };
  }
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return null;
  return { id: url.hostname, name: PASSKEY.rpName, origins: [url.origin] };
}
