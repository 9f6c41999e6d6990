import { z } from 'zod';
import { ACCOUNT_DELETION, DELETION_MESSAGES } from '../constants.ts';
import { Email, FullName, NewPassword, TimeZone } from './auth.ts';
import { BillingInterval } from './pricing.ts';
import { StoredText } from './text.ts';

export const PlanId = z.enum(['free', 'basic', 'premium']);
export type PlanId = z.infer<typeof PlanId>;

export const Profile = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    timezone: z.string(),
    role: z.enum(['user', 'admin']),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    plan: z.object({ id: PlanId, name: z.string() }),
    subscriptionIntent: z.enum(['premium']).nullable(),
    billingCyclePreference: BillingInterval,
    /** Whether the journal holds any entry: without one, the dashboard greets a first visit ("Welcome"). */
    hasEntries: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileInput = z
  .object({ fullName: FullName.optional(), timezone: TimeZone.optional() })
  .refine((v) => v.fullName !== undefined || v.timezone !== undefined, 'Nothing to update')
  .meta({ id: 'UpdateProfileInput' });
export type UpdateProfileInput = z.input<typeof UpdateProfileInput>;

export const ChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(1024),
    newPassword: NewPassword,
    confirmPassword: z.string(),
    /** Sign out every other session with the change (the default), or keep them (ADR 073). */
    signOutOtherSessions: z.boolean().default(true),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const ChangeEmailInput = z
  .object({ newEmail: Email, password: z.string().min(1, 'Password is required').max(1024) })
  .meta({ id: 'ChangeEmailInput' });
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>;

export const ActiveSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
  /** Signed in with a second step (a code from an authenticator app or a recovery code), ADR 075. */
  isTwoFactor: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;
export const SessionList = z.object({ sessions: z.array(ActiveSession) }).meta({ id: 'SessionList' });
export type SessionList = z.infer<typeof SessionList>;
export const RevokedSessions = z.object({ revoked: z.number().int() }).meta({ id: 'RevokedSessions' });

export const AvatarResponse = z.object({ avatarUrl: z.string().nullable() }).meta({ id: 'AvatarResponse' });

/** The spec's derived deletion status. */
export const DeletionStatus = z
  .object({
    isScheduled: z.boolean(),
    deletionDate: z.string().nullable(),
    requestedDate: z.string().nullable(),
    reason: z.string().nullable(),
    daysRemaining: z.number().int(),
  })
  .meta({ id: 'DeletionStatus' });
export type DeletionStatus = z.infer<typeof DeletionStatus>;

export const RequestDeletionInput = z
  .object({
    reason: StoredText.trim()
      .max(ACCOUNT_DELETION.reasonMaxLength, DELETION_MESSAGES.reasonTooLong)
      .optional(),
  })
  .meta({ id: 'RequestDeletionInput' });
export type RequestDeletionInput = z.input<typeof RequestDeletionInput>;

export const CancelDeletionResponse = z
  .object({
    status: DeletionStatus,
    requiresResubscribe: z.boolean().optional(),
    subscriptionRestored: z.boolean().optional(),
  })
  .meta({ id: 'CancelDeletionResponse' });
export type CancelDeletionResponse = z.infer<typeof CancelDeletionResponse>;

/** The spec's get_user_plan_features, snake_case as the spec names the flags. */
export const PlanFeatures = z
  .object({
    text_entries: z.boolean(),
    image_entries: z.boolean(),
    audio_entries: z.boolean(),
    video_entries: z.boolean(),
    daily_entry_limit: z.number().int(),
    ai_insights_limit: z.number().int(),
    ai_coaching_limit: z.number().int(),
    ai_future_chat_limit: z.number().int(),
    can_share_entries: z.boolean(),
    can_send_future_messages: z.boolean(),
  })
  .meta({ id: 'PlanFeatures' });
export type PlanFeatures = z.infer<typeof PlanFeatures>;

export const DevMailMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
  links: z.array(z.string()),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;
export const DevMailList = z.object({ messages: z.array(DevMailMessage) }).meta({ id: 'DevMailList' });
