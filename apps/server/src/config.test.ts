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

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ ...secrets, DATABASE_URL: 'postgres://u@db:5432/daybook' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/daybook' });
  });

  it('names every bad key', () => {
    expect(() => loadConfig({ ...secrets, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('refuses to start in production without its secrets, and says which', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_SECRET: 'e'.repeat(40) })).toThrow(
      'Refusing to start in production without: AUTH_SECRET, APP_URL, DATABASE_URL, SMTP_URL',
    );
  });

  it('generates and keeps local secrets in the embedded default', () => {
    const dir = `/tmp/daybook-config-${process.pid}`;
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.encryptionSecret).toHaveLength(43);
    expect(second.encryptionSecret).toBe(first.encryptionSecret);
    expect(second.authSecret).not.toBe(first.encryptionSecret);
  });
});
