import { CONTACT_LIMITS, ContactTopic, CreateContactMessageInput, MESSAGES } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { emailInputProps, Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateContactMessage } from '../api/create-contact-message.ts';

const TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  support: 'Help with my account',
  billing: 'Billing and plans',
  privacy: 'Privacy and security',
  feedback: 'Feedback and ideas',
};

const FIELD_NAMES: readonly (keyof CreateContactMessageInput)[] = [
  'name',
  'email',
  'topic',
  'subject',
  'message',
];

export function ContactForm() {
  const navigate = useNavigate();
  const sendMessage = useCreateContactMessage();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(CreateContactMessageInput),
    defaultValues: { name: '', email: '', topic: 'general', subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendMessage.mutateAsync(values);
      navigate('/contact-thank-you');
    } catch (error) {
      if (error instanceof ApiRequestError && showServerFieldErrors(error, FIELD_NAMES, setError)) return;
      const isRateLimited = error instanceof ApiRequestError && error.code === 'RATE_LIMITED';
      toast.error(MESSAGES.contactFailed, isRateLimited ? { description: error.message } : undefined);
    }
  });

  const messageLength = watch('message')?.length ?? 0;

  return (
    <form onSubmit={onSubmit} noValidate className="@container flex flex-col gap-5">
      <div className="grid gap-5 @md:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => (
            <Input autoComplete="name" maxLength={CONTACT_LIMITS.name} {...control} {...register('name')} />
          )}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...emailInputProps}
              maxLength={CONTACT_LIMITS.email}
              {...control}
              {...register('email')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Topic" error={errors.topic?.message}>
        {(control) => (
          <Select {...control} {...register('topic')}>
            {ContactTopic.options.map((topic) => (
              <option key={topic} value={topic}>
                {TOPIC_LABELS[topic]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Subject" error={errors.subject?.message}>
        {(control) => <Input maxLength={CONTACT_LIMITS.subject} {...control} {...register('subject')} />}
      </FormField>
      <FormField
        label="Message"
        error={errors.message?.message}
        hint={`${messageLength.toLocaleString('en-US')} / ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters`}
      >
        {(control) => (
          <Textarea rows={7} maxLength={CONTACT_LIMITS.message} {...control} {...register('message')} />
        )}
      </FormField>
      <div className="flex flex-col-reverse items-start gap-3 @md:flex-row @md:items-center @md:justify-between">
        <p className="text-sm text-muted-foreground">We reply by e-mail, to the address above.</p>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full @md:w-auto">
          <Send aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
