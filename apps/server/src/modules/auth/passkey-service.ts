import { createHash } from 'node:crypto';
import {
  type AddPasskeyInput,
  AUTH_MESSAGES,
  describeUserAgent,
  PASSKEY,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyOptions,
  type PasskeyRegistrationResponse,
} from '@daybook/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { RelyingParty } from '../../infra/auth/relying-party.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { passkeyAddedMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountService } from '../account/service.ts';
import { createPasskeyRepository, type PasskeyPurpose } from './passkey-repository.ts';

const CHALLENGE_MS = PASSKEY.challengeMinutes * 60_000;
const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

/** What passkeys read of accounts (the account module's service, handed in by services.ts). */
export type PasskeyAccounts = Pick<AccountService, 'findById' | 'credentialPasswordOf'>;

const notVerified = () => new AppError('PASSKEY_NOT_VERIFIED', PASSKEY_MESSAGES.notVerified);
const expired = () => new AppError('PASSKEY_CHALLENGE_EXPIRED', PASSKEY_MESSAGES.challengeExpired);
const notFound = () => new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);

/** The challenge an answer carries, read from its client data (SimpleWebAuthn checks it again, with the rest). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 256
      ? challenge
      : null;
  } catch {
    return null;
  }
}

type Listed = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean };
const toPasskey = (row: Listed): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  isSynced: row.backedUp,
});

/**
 * Passkeys (WebAuthn through SimpleWebAuthn, ADR 080): adding one from the profile, listing, renaming and removing
 * them, and checking a passkey sign-in's answer. Challenges are random (SimpleWebAuthn's 32 bytes), kept only as
 * their SHA-256, single use and five minutes long. User verification is required both ways, so a passkey sign-in
 * counts as two steps. The session itself is made by the auth service, as for the other ways in.
 */
export function createPasskeyService(deps: {
  db: Db;
  clock: Clock;
  /** Null when APP_URL is an IP address: WebAuthn has no relying party there, and passkeys are unavailable. */
  relyingParty: RelyingParty | null;
  accounts: PasskeyAccounts;
  appUrl: string;
}) {
  const { db, clock, accounts } = deps;
  const repository = createPasskeyRepository(db);

  function party(): RelyingParty {
    if (!deps.relyingParty) throw new AppError('PASSKEYS_UNAVAILABLE', PASSKEY_MESSAGES.unavailable);
    return deps.relyingParty;
  }

  async function saveChallenge(challenge: string, purpose: PasskeyPurpose, userId: string | null) {
    const now = clock.now();
    await repository.createChallenge(
      hashChallenge(challenge),
      purpose,
      userId,
      new Date(now.getTime() + CHALLENGE_MS),
      now,
    );
  }

  /** Takes the answer's challenge up (single use) and answers it with the user it was made for. */
  async function takeChallenge(clientDataJSON: string, purpose: PasskeyPurpose) {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) throw notVerified();
    const taken = await repository.consumeChallenge(hashChallenge(challenge), purpose, clock.now());
    if (!taken) throw expired();
    return { challenge, userId: taken.userId };
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repository.listByUser(userId)).map(toPasskey);
    },

    /** The options for `navigator.credentials.create()`: a resident key with user verification, none added twice. */
    async registrationOptions(userId: string): Promise<PasskeyOptions> {
      const rp = party();
      const user = await accounts.findById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
      if ((await repository.countByUser(userId)) >= PASSKEY.maxPerUser)
        throw new AppError('PASSKEY_LIMIT_REACHED', PASSKEY_MESSAGES.tooMany);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.name,
        // The user handle an authenticator keeps: the account's id (no e-mail, no name).
        userID: new TextEncoder().encode(user.id),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: (await repository.credentialsOf(userId)).map((c) => ({
          id: c.credentialId,
          transports: c.transports ? c.transports.split(',') : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await saveChallenge(options.challenge, 'register', userId);
      // SimpleWebAuthn's type, passed on whole: the shared schema names only the challenge.
      return { ...options };
    },

    /**
     * Checks the authenticator's answer against the challenge made for this user, this origin and relying party,
     * with user verification; saves the public key and tells the owner by e-mail, in one transaction.
     */
    async add(userId: string, input: z.output<typeof AddPasskeyInput>, headers: Headers): Promise<Passkey> {
      const rp = party();
      const user = await accounts.findById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
      const taken = await takeChallenge(input.response.response.clientDataJSON, 'register');
      if (taken.userId !== userId) throw expired();
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: input.response as z.output<
            typeof PasskeyRegistrationResponse
          > as RegistrationResponseJSON,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        throw notVerified();
      }
      if (!verified.verified) throw notVerified();
      const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const inTx = createPasskeyRepository(tx);
        if ((await inTx.countByUser(userId)) >= PASSKEY.maxPerUser)
          throw new AppError('PASSKEY_LIMIT_REACHED', PASSKEY_MESSAGES.tooMany);
        const added = await inTx.insert({
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports?.length ? credential.transports.join(',') : null,
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name: input.name,
          createdAt: now,
        });
        if (!added) throw new AppError('PASSKEY_ALREADY_ADDED', PASSKEY_MESSAGES.alreadyAdded);
        const mail = passkeyAddedMail(
          user.name,
          { name: input.name, device: describeUserAgent(headers.get('user-agent')), at: now },
          `${deps.appUrl}/profile#passkeys`,
        );
        await enqueueMail(tx, { ...mail, to: user.email }, now);
        return toPasskey(added);
      });
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const renamed = await repository.rename(userId, id, name);
      if (!renamed) throw notFound();
      return toPasskey(renamed);
    },

    /** Removing the last passkey is fine while a password remains; every account has one today. */
    async remove(userId: string, id: string): Promise<void> {
      const hasPassword = (await accounts.credentialPasswordOf(userId)) !== null;
      if (!hasPassword && (await repository.countByUser(userId)) <= 1) {
        const owned = (await repository.listByUser(userId)).some((p) => p.id === id);
        if (owned) throw new AppError('PASSKEY_LAST_WAY_IN', PASSKEY_MESSAGES.lastWayIn);
      }
      if (!(await repository.remove(userId, id))) throw notFound();
    },

    /**
     * The options for `navigator.credentials.get()`: no account named (the browser offers the passkeys it holds
     * for this site: discoverable credentials), user verification required.
     */
    async signInOptions(): Promise<PasskeyOptions> {
      const rp = party();
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: CHALLENGE_MS,
        userVerification: 'required',
      });
      await saveChallenge(options.challenge, 'sign-in', null);
      return { ...options };
    },

    /**
     * Checks a sign-in's answer: a challenge of ours not used before, a passkey we know, its signature over this
     * origin and relying party with user verification, and a counter that moved on (SimpleWebAuthn's clone check,
     * then one conditional update). Answers whose passkey it was; the caller checks the account and signs in.
     */
    async verifySignIn(response: z.output<typeof PasskeyAuthenticationResponse>): Promise<string> {
      const rp = party();
      const taken = await takeChallenge(response.response.clientDataJSON, 'sign-in');
      const passkey = await repository.findByCredentialId(response.id);
      if (!passkey) throw new AppError('PASSKEY_UNKNOWN', PASSKEY_MESSAGES.unknown);
      // WebAuthn §7.2: the user handle a resident key answers with must name the passkey's owner.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) throw notVerified();
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports ? passkey.transports.split(',') : undefined,
          },
          requireUserVerification: true,
        });
      } catch {
        throw notVerified();
      }
      if (!verified.verified) throw notVerified();
      if (!(await repository.recordUse(passkey.id, verified.authenticationInfo.newCounter, clock.now())))
        throw notVerified();
      return passkey.userId;
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
