import { z } from 'zod';
import { PASSKEY, PASSKEY_MESSAGES } from '../passkey-constants.ts';
import { SessionUser } from './auth.ts';
import { StoredText } from './text.ts';

/*
 * Passkeys (WebAuthn, ADR 080). The browser's answers are checked here for shape and size only; what they say (the
 * origin, the challenge, the signature) is checked by the server with SimpleWebAuthn.
 */

/** A name for a passkey, as the profile lists it (stored: no NUL or other control characters). */
export const PasskeyName = StoredText.trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY.nameMaxLength, PASSKEY_MESSAGES.nameTooLong);

const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');
/** Transport names ("internal", "hybrid", "usb"…): lower-case words, stored as given. */
const Transports = z
  .array(
    z
      .string()
      .max(32)
      .regex(/^[a-z-]+$/),
  )
  .max(10);
/** The extensions' results: Daybook asks for none, so they are passed over (an object of any shape, bounded). */
const ExtensionResults = z.record(z.string().max(64), z.unknown()).optional().default({});
const Attachment = z.enum(['platform', 'cross-platform']).optional();

/** `navigator.credentials.create()`'s answer as JSON (RegistrationResponseJSON of the WebAuthn Level 3 spec). */
export const PasskeyRegistrationResponse = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(32_768),
    authenticatorData: Base64Url(16_384).optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url(8192).optional(),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
});

/** `navigator.credentials.get()`'s answer as JSON (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(16_384),
    signature: Base64Url(2048),
    userHandle: Base64Url(256).optional(),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
});

/**
 * The options the browser hands to `navigator.credentials.create()` / `.get()` (PublicKeyCredential…OptionsJSON),
 * made by SimpleWebAuthn on the server; only the challenge is named here, the rest is passed as it is.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyOptions' });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

export const AddPasskeyInput = z
  .object({ name: PasskeyName, response: PasskeyRegistrationResponse })
  .meta({ id: 'AddPasskeyInput' });
export type AddPasskeyInput = z.input<typeof AddPasskeyInput>;

export const RenamePasskeyInput = z.object({ name: PasskeyName }).meta({ id: 'RenamePasskeyInput' });
export type RenamePasskeyInput = z.input<typeof RenamePasskeyInput>;

export const PasskeySignInInput = z
  .object({ response: PasskeyAuthenticationResponse })
  .meta({ id: 'PasskeySignInInput' });
export type PasskeySignInInput = z.input<typeof PasskeySignInInput>;

/** One of the signed-in person's passkeys, as the profile lists it. */
export const Passkey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Synced by its provider to the person's other devices (a "multi-device" credential, backed up). */
    isSynced: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({ passkeys: z.array(Passkey) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof PasskeyList>;

/** A passkey sign-in's answer: signed in (it counts as two steps: no code follows). */
export const PasskeySignInResponse = z.object({ user: SessionUser }).meta({ id: 'PasskeySignInResponse' });
export type PasskeySignInResponse = z.infer<typeof PasskeySignInResponse>;
