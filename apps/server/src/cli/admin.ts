import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAccountRepository } from '../modules/account/repository.ts';

/**
 * `npm run admin -- grant <email>`     make a user an admin
 * `npm run admin -- revoke <email>`    make an admin a user again
 * `npm run admin -- disable <email>`   refuse sign-in and end every session
 * `npm run admin -- enable <email>`    allow sign-in again
 * `npm run admin -- plan <email> <free|basic|premium>`   change a user's plan (Basic is granted this way)
 */
const USAGE =
  'Usage: npm run admin -- <grant|revoke|disable|enable> <email>\n       npm run admin -- plan <email> <free|basic|premium>';
const PLANS = ['free', 'basic', 'premium'] as const;

const [command, rawEmail, planArgument] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
const plan = PLANS.find((p) => p === planArgument);
const isValid =
  command &&
  email &&
  (['grant', 'revoke', 'disable', 'enable'].includes(command) || (command === 'plan' && plan));
if (!isValid) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const accounts = createAccountRepository(database.db);
  const changed =
    command === 'plan'
      ? await accounts.setPlan(email, plan!)
      : command === 'grant' || command === 'revoke'
        ? await accounts.setRole(email, command === 'grant' ? 'admin' : 'user')
        : await accounts.setDisabled(email, command === 'disable');
  if (!changed) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    const done = {
      grant: 'is now an admin',
      revoke: 'is no longer an admin',
      disable: 'is disabled and signed out everywhere',
      enable: 'can sign in again',
      plan: `is now on the ${plan} plan`,
    };
    console.info(`${email} ${done[command as keyof typeof done]}.`);
  }
} finally {
  await database.close();
}
