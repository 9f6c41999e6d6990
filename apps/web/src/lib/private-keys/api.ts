import {
  api,
  type ChangePassphraseInput,
  type ReplaceRecoveryKeyInput,
  type SetUpPrivateModeInput,
} from '@daybook/shared';
import { callApi } from '../api-client.ts';

/** Private mode's endpoints (ADR 089): the signed-in person's own key material, never anyone else's. */

export const fetchPrivateModeStatus = (signal?: AbortSignal) => callApi(api.privateMode.status, { signal });

export const fetchKeyMaterial = (signal?: AbortSignal) => callApi(api.privateMode.keys, { signal });

export const postSetUp = (body: SetUpPrivateModeInput) => callApi(api.privateMode.setUp, { body });

export const putPassphraseWrap = (body: ChangePassphraseInput) =>
  callApi(api.privateMode.changePassphrase, { body });

export const putRecoveryWrap = (body: ReplaceRecoveryKeyInput) =>
  callApi(api.privateMode.replaceRecoveryKey, { body });

export const postStartFresh = (password: string) =>
  callApi(api.privateMode.startFresh, { body: { password } });
