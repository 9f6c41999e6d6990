import { expect } from '@playwright/test';
import { createDevMailService } from '../../apps/server/src/modules/dev-mail/service.ts';

type MailMessage = { to: string; subject: string; links: string[] };

/**
 * Waits for a message to `address` among the .eml files in `dir` (the server's DATA_DIR/mail, or what a real
 * SMTP listener received), read with the server's own mailbox reader. Production serves no mailbox over HTTP.
 */
export async function mailInDir(dir: string, address: string, subject: RegExp): Promise<MailMessage> {
  const mailbox = createDevMailService(dir);
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox.list()).find((m) => m.to.includes(address) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}
