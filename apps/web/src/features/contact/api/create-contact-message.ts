import { api, type ContactMessageCreated, type CreateContactMessageInput } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export function createContactMessage(input: CreateContactMessageInput): Promise<ContactMessageCreated> {
  return callApi(api.contact.send, { body: input });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
