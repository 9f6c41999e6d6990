import {
  type AddPasskeyInput,
  OkResponse,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  type RenamePasskeyInput,
} from '@daybook/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const PASSKEYS_QUERY_KEY = ['passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: PASSKEYS_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest('/api/me/passkeys', { schema: PasskeyList, signal }),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Adds a passkey: the server's options, the browser's passkey dialog (SimpleWebAuthn's browser code, loaded now
 * rather than with the profile), then its answer with the name. A cancelled dialog rejects with the browser's error.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await apiRequest('/api/me/passkeys/options', { method: 'POST', schema: PasskeyOptions });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const body: AddPasskeyInput = { name, response: response as AddPasskeyInput['response'] };
  return apiRequest('/api/me/passkeys', { method: 'POST', body, schema: Passkey });
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
      apiRequest(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: Passkey }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
