import { ContactMessageCreated, type CreateContactMessageInput } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function createContactMessage(input: CreateContactMessageInput): Promise<ContactMessageCreated> {
  return apiRequest('/api/contact', { method: 'POST', body: input, schema: ContactMessageCreated });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
