import { z } from 'zod';
import { ACCOUNT_DELETION, DELETION_MESSAGES } from '../constants.ts';
import { FullName, TimeZone } from './auth.ts';
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
    /**
     * Whether private mode's key is set up (ADR 089): the web then asks for the passphrase once per browser
     * session (ADR 095). Absent from an older server's answer, read as standard.
     */
    isPrivateMode: z.boolean().default(false),
    /** Private mode was chosen on the register page and is not set up or declined yet: the web offers its set-up. */
    isPrivateModeChosen: z.boolean().default(false),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileInput = z
  .object({ fullName: FullName.optional(), timezone: TimeZone.optional() })
  .refine((v) => v.fullName !== undefined || v.timezone !== undefined, 'Nothing to update')
  .meta({ id: 'UpdateProfileInput' });
export type UpdateProfileInput = z.input<typeof UpdateProfileInput>;

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
