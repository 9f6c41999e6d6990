import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment (STYLE.md). Parsed once at start-up; a bad or missing key
 * stops the process with a message that names it.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback by default: a fresh install is reachable from this machine only (README: 0.0.0.0 behind a proxy).
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prometheus metrics on a listener of their own (ADR 072); loopback unless METRICS_HOST says otherwise. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Prometheus metrics at /metrics on the public port, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  ENCRYPTION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Daybook <no-reply@daybook.local>'),
  CONTACT_EMAIL: z.email().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const entries =
        value === 'false'
          ? []
          : value
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean);
      if (entries.some((entry) => entry.toLowerCase() === 'true')) {
        context.addIssue({
          code: 'custom',
          message:
            '`true` would believe any X-Forwarded-For a client sends; list the addresses or CIDR ranges of your proxies instead (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }
      const invalid = entries.filter((entry) => !isProxyAddress(entry));
      if (invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `not an IP address or CIDR range: ${invalid.join(', ')} (comma-separated, e.g. 127.0.0.1,10.0.0.0/8)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  WEB_DIST_DIR: z.string().optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Development helpers (the future messages' Test button); default on in development and test only. */
  TEST_TOOLS: z.enum(['on', 'off']).optional(),
  /** Stripe (ADR 026): both keys, or neither for the local test checkout (never in production). */
  STRIPE_SECRET_KEY: z
    .string()
    .startsWith('sk_', 'must be a Stripe secret key (sk_live_… or sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe SDK sends its calls (tests: a local server speaking Stripe's API). Default Stripe's own. */
  STRIPE_API_BASE: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** An OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp, a gateway), e.g. http://127.0.0.1:11434/v1. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** A moderation model on the same provider (e.g. omni-moderation-latest); without it moderation stays local. */
  AI_MODERATION_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Web Push (daily reminders, ADR 042): both keys (base64url, as `web-push generate-vapid-keys` prints) or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. Default: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** An IPv4/IPv6 address, or one with a `/prefix` that fits its family (what Fastify's proxy-addr accepts). */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  /** APP_URL is https: cookies are `Secure` (and `__Secure-` named) and HSTS is sent, whatever NODE_ENV says. */
  isHttps: boolean;
  host: string;
  port: number;
  /** Where Prometheus reads this instance (ADR 072): its own port, a token on the public one, both or neither. */
  metrics: { port: number | null; host: string; token: string | null };
  appUrl: string;
  database:
    | { kind: 'postgres'; url: string; poolSize: number }
    | {
        kind: 'pglite';
        dir: string;
        /** A migrated data directory (a `dumpDataDir` tarball) to start from instead of an empty cluster (tests). */
        initialDataDir?: Blob;
      };
  dataDir: string;
  encryptionSecret: string;
  authSecret: string;
  mail: { from: string; smtpUrl: string | undefined; mailDir: string; contactEmail: string | undefined };
  logLevel: Env['LOG_LEVEL'];
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  rateLimitPerMinute: number;
  /** Multiplies every per-route limit (sign-in, registration, contact…); raise it for load tests. */
  rateLimitScale: number;
  webDistDir: string;
  runJobs: boolean;
  /** Test tools (process due future messages now…): never in production. */
  testTools: boolean;
  /**
   * Payments: Stripe with keys; without them the local test checkout that takes no money, outside production
   * only. A production server without Stripe keys sells nothing ('none': checkout says the plan is not available).
   */
  payments:
    | { kind: 'stripe'; secretKey: string; webhookSecret: string; apiBase: URL | undefined }
    | { kind: 'local' }
    | { kind: 'none' };
  /** The OpenAI-compatible provider, or null: AI Assist, reflections and chats then say none is configured. */
  ai: {
    baseUrl: string;
    apiKey: string;
    model: string;
    moderationModel: string | undefined;
    timeoutMs: number;
    maxRetries: number;
  } | null;
  /** Web Push keys (VAPID), or null: reminders then offer e-mail and in-app only. */
  push: { publicKey: string; privateKey: string; subject: string } | null;
  storage:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Production needs its public address; the secrets may be the generated files on the embedded database. */
const REQUIRED_IN_PRODUCTION = ['APP_URL'] as const;
/** Several instances share one PostgreSQL database, so each must be given the same secrets. */
const SHARED_SECRETS = ['ENCRYPTION_SECRET', 'AUTH_SECRET'] as const;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** In the embedded default a secret is generated once and kept beside the data, so restarts keep sessions and keys. */
function localSecret(dataDir: string, file: string): string {
  const secretPath = path.join(dataDir, file);
  if (existsSync(secretPath)) return readFileSync(secretPath, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(secretPath, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The embedded default's VAPID key pair, generated once beside the data like the secrets: a browser's push
 * subscription is bound to the public key, so it must survive restarts.
 */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const keyPath = path.join(dataDir, 'vapid.json');
  if (existsSync(keyPath)) return JSON.parse(readFileSync(keyPath, 'utf8'));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // Always 32 bytes: a key with leading zero bytes comes back shorter, and web-push wants exactly 32.
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
  writeFileSync(keyPath, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** `Daybook <no-reply@daybook.local>` → `mailto:no-reply@daybook.local`. */
function mailtoOf(from: string): string {
  return `mailto:${from.match(/<([^>]+)>/)?.[1] ?? from.trim()}`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((key) => !env[key]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Refusing to start in production without: ${missing.join(', ')} (see .env.example)`,
      );
    }
    const missingSecrets = SHARED_SECRETS.filter((key) => !env[key]);
    if (env.DATABASE_URL && missingSecrets.length > 0) {
      throw new ConfigError(
        `Refusing to start in production without: ${missingSecrets.join(', ')}. With DATABASE_URL several ` +
          'instances may share the database, and they must all use the same secrets: set them in the ' +
          'environment (see .env.example).',
      );
    }
  }
  // A test tool acts outside the normal schedule; a production server that was asked for them refuses to start
  // rather than quietly running without what the operator asked for, or with it.
  if (isProduction && env.TEST_TOOLS === 'on') {
    throw new ConfigError(
      'TEST_TOOLS=on is refused in production: test tools never run there (see .env.example)',
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both for Stripe, or neither (see .env.example)',
    );
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  }
  if ((env.AI_MODEL || env.AI_API_KEY || env.AI_MODERATION_MODEL) && !env.AI_BASE_URL) {
    throw new ConfigError(
      'AI_MODEL, AI_API_KEY or AI_MODERATION_MODEL is set without AI_BASE_URL (e.g. https://api.openai.com/v1)',
    );
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    throw new ConfigError(
      'AI_BASE_URL is set: AI_MODEL is required too (e.g. gpt-4o-mini, or llama3.1 on Ollama)',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both for Web Push, or neither (see .env.example)',
    );
  }
  const dataDir = path.resolve(repoRoot, env.DATA_DIR);
  // Generated only on the embedded database: instances sharing PostgreSQL must all sign with the same keys.
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : env.DATABASE_URL
        ? null
        : localVapidKeys(dataDir);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    isHttps: new URL(appUrl).protocol === 'https:',
    host: env.HOST,
    port: env.PORT,
    metrics: { port: env.METRICS_PORT ?? null, host: env.METRICS_HOST, token: env.METRICS_TOKEN ?? null },
    appUrl,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    dataDir,
    encryptionSecret: env.ENCRYPTION_SECRET ?? localSecret(dataDir, 'secret.key'),
    authSecret: env.AUTH_SECRET ?? localSecret(dataDir, 'auth-secret.key'),
    mail: {
      from: env.MAIL_FROM,
      smtpUrl: env.SMTP_URL,
      mailDir: path.join(dataDir, 'mail'),
      contactEmail: env.CONTACT_EMAIL,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    runJobs: env.JOBS === 'on',
    testTools: env.TEST_TOOLS ? env.TEST_TOOLS === 'on' : !isProduction,
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            kind: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
          }
        : isProduction
          ? { kind: 'none' }
          : { kind: 'local' },
    ai: env.AI_BASE_URL
      ? {
          baseUrl: env.AI_BASE_URL.replace(/\/$/, ''),
          // Local servers (Ollama, llama.cpp) ignore the key, but the protocol's client always sends one.
          apiKey: env.AI_API_KEY ?? 'no-key',
          model: env.AI_MODEL!,
          moderationModel: env.AI_MODERATION_MODEL,
          timeoutMs: env.AI_TIMEOUT_MS,
          maxRetries: env.AI_MAX_RETRIES,
        }
      : null,
    push: vapid ? { ...vapid, subject: env.VAPID_SUBJECT ?? mailtoOf(env.MAIL_FROM) } : null,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', root: path.join(dataDir, 'media') },
  };
}
