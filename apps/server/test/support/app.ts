import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createMailTransport, type MailTransport } from '../../src/infra/mail/transport.ts';
import { jobDefinitions } from '../../src/jobs/definitions.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createTestDatabase, openSecondHandle } from './database.ts';

export type TestContext = {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  config: Config;
  clock: ManualClock;
  /** The jobs' mail transport, made by the first `jobOf` and closed with the app (a pooled SMTP connection left
   * open would hold the test's SMTP server's close for its 30-second timeout). */
  jobMail?: MailTransport;
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `daybook-test-${process.pid}`);
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ENCRYPTION_SECRET: 'test-encryption-secret-that-is-long-enough',
    AUTH_SECRET: 'test-auth-secret-that-is-long-enough-too',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...overrides,
  });
}

type Overrides = Record<string, string>;

/** What a test may hand `buildApp` besides configuration, database and clock (a counting verifier, a log sink…). */
type ExtraDeps = Omit<AppDeps, 'config' | 'database' | 'clock'>;

/**
 * Builds the real app on its own database for one test file, and tears both down afterwards. Overrides may be
 * a function, read when the app is built (for values known only once another test server listens).
 */
export function useTestApp(
  overrides: Overrides | (() => Overrides) = {},
  extra: ExtraDeps = {},
  options: {
    /** Another server instance on this context's database (declare that context first: it is built first). */
    sameDatabaseAs?: TestContext;
  } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.config = testConfig(typeof overrides === 'function' ? overrides() : overrides);
    context.clock = new ManualClock();
    context.database = options.sameDatabaseAs
      ? await openSecondHandle(options.sameDatabaseAs.database)
      : await createTestDatabase();
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      clock: context.clock,
      ...extra,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    context.jobMail?.close();
    await context.app?.close();
    await context.database?.dropAll();
  });
  return context;
}

type JobDeps = Parameters<typeof jobDefinitions>[0];

/** One of the app's jobs, wired to the test app's services the way main.ts wires them; `deps` replaces parts. */
export function jobOf(ctx: TestContext, name: string, deps: Partial<JobDeps> = {}) {
  ctx.jobMail ??= createMailTransport(ctx.config);
  const job = jobDefinitions({
    database: ctx.database,
    mail: ctx.jobMail,
    clock: ctx.clock,
    auditSecret: ctx.config.authSecret,
    media: ctx.app.services.media,
    storage: ctx.app.services.storage,
    mediaWorkDir: path.join(ctx.config.dataDir, 'tmp'),
    sharing: ctx.app.services.sharing,
    futureMessages: ctx.app.services.futureMessages,
    reminders: ctx.app.services.reminders,
    imports: ctx.app.services.imports,
    billing: ctx.app.services.billing,
    ...deps,
  }).find((definition) => definition.name === name);
  if (!job) throw new Error(`no job named ${name}`);
  return job;
}
