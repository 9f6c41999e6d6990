import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldControlClass =
  'w-full rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground hover:border-muted-foreground/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm';

/** The longest address an e-mail field takes (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
/** A typed password is refused above this length by the server, whatever the field. */
const PASSWORD_INPUT_MAX_LENGTH = 1024;

/** Spread on an `Input` for an e-mail address: the right keyboard, autofill and length. */
export const emailInputProps = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  maxLength: EMAIL_MAX_LENGTH,
} as const;

/** Spread on an `Input` for the password the person already has (sign-in, confirming a change). */
export const currentPasswordInputProps = {
  type: 'password',
  autoComplete: 'current-password',
  maxLength: PASSWORD_INPUT_MAX_LENGTH,
} as const;

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldControlClass, 'h-10', className)} {...props} />;
}
