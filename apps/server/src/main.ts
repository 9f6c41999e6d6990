import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailTransport } from './infra/mail/transport.ts';
import { serveMetrics } from './infra/metrics/metrics.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { systemClock } from './lib/clock.ts';
import { lockEmbeddedDatabase, startAdminControl } from './modules/admin/server-control.ts';

async function main(): Promise<void> {
  // Everything the server writes under DATA_DIR (database, media, mail, secrets) is for its own user only.
  process.umask(0o077);
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

  // Folders made by earlier versions were world-readable; the top one closes them all.
  if (existsSync(config.dataDir)) chmodSync(config.dataDir, 0o700);
  // One process per embedded database: a second server (or the CLI) must not open it beside this one.
  const dataDirLock = lockEmbeddedDatabase(config);
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
          mediaWorkDir: path.join(config.dataDir, 'tmp'),
          sharing: app.services.sharing,
          futureMessages: app.services.futureMessages,
          reminders: app.services.reminders,
          imports: app.services.imports,
          billing: app.services.billing,
        }),
        app.log,
        app.services.jobRuns,
      )
    : null;

  // Before listening, so the CLI reaches the server as soon as it answers HTTP.
  const control = await startAdminControl({ config, database, clock: systemClock, log: app.log });
  // Prometheus reads this instance here, away from the public port (ADR 072).
  const metricsListener =
    config.metrics.port === null
      ? null
      : await serveMetrics(app.metrics.registry, { host: config.metrics.host, port: config.metrics.port });

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await control?.close();
      await metricsListener?.close();
      await app.close();
      await scheduler?.stop();
      mail.close();
      await database.close();
      dataDirLock?.release();
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
  if (config.metrics.port !== null)
    app.log.info(`Metrics for Prometheus at http://${config.metrics.host}:${config.metrics.port}/metrics`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
