import { z } from 'zod';

/*
 * Where an account's key pair stands (ADR 102): its wrap kind and the account's mode, all the signed-in shell's
 * check at each page load reads of GET /api/me/key-pair. Apart from key-pairs.ts, and without an OpenAPI id, so that
 * the check loads these few lines and not the pair's other schemas.
 */

/** The account's mode, as private-switch.ts's PrivateSwitchMode says it. */
export const KeyPairMode = z.enum(['standard', 'private', 'switching-off']);

/** 1: under the standard entry key (the server can open it); 2: under private mode's account key (it cannot). */
export const WrapKind = z.union([z.literal(1), z.literal(2)]);

export const KeyPairStanding = z.object({ wrapKind: WrapKind, mode: KeyPairMode });
export type KeyPairStanding = z.infer<typeof KeyPairStanding>;
