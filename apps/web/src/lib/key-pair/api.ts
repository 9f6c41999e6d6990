import { api, type KeyPairInput } from '@daybook/shared';
import { callApi } from '../api-client.ts';

/** The signed-in person's own key pair (ADR 102); the server answers no one else's. */

export const fetchMyKeyPair = (signal?: AbortSignal) => callApi(api.keyPairs.mine, { signal });

export const postKeyPair = (body: KeyPairInput) => callApi(api.keyPairs.create, { body });

export const putKeyPairWrap = (body: KeyPairInput) => callApi(api.keyPairs.rewrap, { body });
