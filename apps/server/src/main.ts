import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailTransport } from './infra/mail/transport.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { systemClock } from './lib/clock.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const mail = createMailTransport(config);
  const scheduler = config.runJobs
    ? startScheduler(
        jobDefinitions({
          database,
          mail,
          clock: systemClock,
          auditSecret: config.authSecret,
          media: app.services.media,
          storage: app.services.storage,
        }),
        app.log,
      )
    : null;

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await scheduler?.stop();
      mail.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.appUrl, database: database.driver, mail: mail.kind },
    `Daybook is running at ${config.appUrl}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
