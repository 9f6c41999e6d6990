import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secrets = {
  ENCRYPTION_SECRET: 'e'.repeat(40),
  AUTH_SECRET: 'a'.repeat(40),
  DATA_DIR: '/tmp/daybook-config-test',
};

describe('loadConfig', () => {
  it('defaults to the embedded database under DATA_DIR on port 3000', () => {
    const config = loadConfig(secrets);
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dir: '/tmp/daybook-config-test/pglite' });
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('reads the AI provider: none by default, AI_MODEL required with AI_BASE_URL', () => {
    expect(loadConfig(secrets).ai).toBeNull();
    expect(
      loadConfig({
        ...secrets,
        AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        AI_MODEL: 'llama3.1',
        AI_API_KEY: 'ollama',
      }).ai,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'ollama',
      model: 'llama3.1',
      moderationModel: undefined,
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    expect(() => loadConfig({ ...secrets, AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_MODEL/);
    expect(() => loadConfig({ ...secrets, AI_MODEL: 'llama3.1' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ ...secrets, AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ ...secrets, DATABASE_URL: 'postgres://u@db:5432/daybook' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/daybook' });
  });

  it('names every bad key', () => {
    expect(() => loadConfig({ ...secrets, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('refuses to start in production without APP_URL', () => {
    expect(() => loadConfig({ ...secrets, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...secrets, NODE_ENV: 'production' })).toThrow(
      'Refusing to start in production without: APP_URL',
    );
  });

  it('runs production on the embedded database with the generated secret files and no SMTP', () => {
    const dir = `/tmp/daybook-config-prod-${process.pid}`;
    rmSync(dir, { recursive: true, force: true });
    const first = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://journal.example', DATA_DIR: dir });
    expect(first.database).toEqual({ kind: 'pglite', dir: `${dir}/pglite` });
    expect(first.mail.smtpUrl).toBeUndefined();
    expect(first.mail.mailDir).toBe(`${dir}/mail`);
    expect(readFileSync(`${dir}/secret.key`, 'utf8').trim()).toBe(first.encryptionSecret);
    expect(readFileSync(`${dir}/auth-secret.key`, 'utf8').trim()).toBe(first.authSecret);
    const again = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://journal.example', DATA_DIR: dir });
    expect(again.encryptionSecret).toBe(first.encryptionSecret);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses production on PostgreSQL unless both secrets come from the environment', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://journal.example',
      DATABASE_URL: 'postgres://u@db:5432/daybook',
      DATA_DIR: `/tmp/daybook-config-pg-${process.pid}`,
    };
    expect(() => loadConfig(production)).toThrow(
      /without: ENCRYPTION_SECRET, AUTH_SECRET\. With DATABASE_URL several instances/,
    );
    expect(() => loadConfig({ ...production, AUTH_SECRET: 'a'.repeat(40) })).toThrow(
      /without: ENCRYPTION_SECRET\./,
    );
    const config = loadConfig({ ...production, ...secrets });
    expect(config.encryptionSecret).toBe(secrets.ENCRYPTION_SECRET);
    expect(config.database).toMatchObject({ kind: 'postgres' });
  });

  it('makes cookies secure by APP_URL, not by NODE_ENV', () => {
    expect(loadConfig({ ...secrets, APP_URL: 'https://journal.example' }).isHttps).toBe(true);
    expect(loadConfig({ ...secrets }).isHttps).toBe(false);
    expect(
      loadConfig({ ...secrets, NODE_ENV: 'production', APP_URL: 'http://192.168.1.20:3000' }).isHttps,
    ).toBe(false);
  });

  it('listens on loopback only unless HOST says otherwise', () => {
    expect(loadConfig(secrets).host).toBe('127.0.0.1');
    expect(loadConfig({ ...secrets, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('generates and keeps local secrets in the embedded default', () => {
    const dir = `/tmp/daybook-config-${process.pid}`;
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.encryptionSecret).toHaveLength(43);
    expect(second.encryptionSecret).toBe(first.encryptionSecret);
    expect(second.authSecret).not.toBe(first.encryptionSecret);
  });

  it('turns test tools on in development and test, off in production, and refuses them there', () => {
    const production = { ...secrets, NODE_ENV: 'production', APP_URL: 'https://journal.example' };
    expect(loadConfig({ ...secrets, NODE_ENV: 'development' }).testTools).toBe(true);
    expect(loadConfig({ ...secrets, NODE_ENV: 'test' }).testTools).toBe(true);
    expect(loadConfig({ ...secrets, NODE_ENV: 'test', TEST_TOOLS: 'off' }).testTools).toBe(false);
    expect(loadConfig(production).testTools).toBe(false);
    expect(loadConfig({ ...production, TEST_TOOLS: 'off' }).testTools).toBe(false);
    expect(() => loadConfig({ ...production, TEST_TOOLS: 'on' })).toThrow(
      'TEST_TOOLS=on is refused in production',
    );
    expect(() => loadConfig({ ...secrets, TEST_TOOLS: 'yes' })).toThrow(/TEST_TOOLS/);
  });
});
