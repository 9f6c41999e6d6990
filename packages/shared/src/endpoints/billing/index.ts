/** The billing module's operations (apps/server/src/modules/billing; the contract is schemas/billing.ts). */
export { cancel } from './cancel.ts';
export { checkout } from './checkout.ts';
export { localCheckout } from './local-checkout.ts';
export { payLocalCheckout } from './pay-local-checkout.ts';
export { portal } from './portal.ts';
export { resume } from './resume.ts';
export { setIntent } from './set-intent.ts';
export { signInTestAccount } from './sign-in-test-account.ts';
export { subscription } from './subscription.ts';
export { testAccounts } from './test-accounts.ts';
export { webhook } from './webhook.ts';
