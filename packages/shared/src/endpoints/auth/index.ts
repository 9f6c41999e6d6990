/** The auth module's operations (apps/server/src/modules/auth). */
export { forgotPassword } from './forgot-password.ts';
export { loginStatus } from './login-status.ts';
export { passkeyOptions } from './passkey-options.ts';
export { passkeySignIn } from './passkey-sign-in.ts';
export { register } from './register.ts';
export { resendVerification } from './resend-verification.ts';
export { resetPassword } from './reset-password.ts';
export { resetPasswordLink } from './reset-password-link.ts';
export { session } from './session.ts';
export { signIn } from './sign-in.ts';
export { signOut } from './sign-out.ts';
export { twoFactor } from './two-factor.ts';
export { verifyEmailLink } from './verify-email-link.ts';
