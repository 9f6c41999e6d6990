/** The admin module's operations (apps/server/src/modules/admin, ADR 034): 404 to anyone not an administrator. */
export { audit } from './audit.ts';
export { contact } from './contact.ts';
export { disableReportedSender } from './disable-reported-sender.ts';
export { disableUser } from './disable-user.ts';
export { dismissReport } from './dismiss-report.ts';
export { enableUser } from './enable-user.ts';
export { markContactHandled } from './mark-contact-handled.ts';
export { operations } from './operations.ts';
export { reports } from './reports.ts';
export { retryMail } from './retry-mail.ts';
export { revokeReportedShare } from './revoke-reported-share.ts';
export { setPlan } from './set-plan.ts';
export { setRole } from './set-role.ts';
export { users } from './users.ts';
