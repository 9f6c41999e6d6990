import { type AddPasskeyInput, api, type Passkey, type RenamePasskeyInput } from '@daybook/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const PASSKEYS_QUERY_KEY = ['passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: PASSKEYS_QUERY_KEY,
  queryFn: ({ signal }) => callApi(api.account.passkeys, { signal }),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Adds a passkey: the server's options, the browser's passkey dialog (SimpleWebAuthn's browser code, loaded now
 * rather than with the profile), then its answer with the name. A cancelled dialog rejects with the browser's error.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await callApi(api.account.passkeyOptions);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const body: AddPasskeyInput = { name, response: response as AddPasskeyInput['response'] };
  return callApi(api.account.addPasskey, { body });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => void client.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RenamePasskeyInput & { id: string }) =>
      callApi(api.account.renamePasskey, { params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.account.removePasskey, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
