import os from 'node:os';
import path from 'node:path';

/**
 * The production journey runs the real server behind a TLS-terminating proxy in two variants: the embedded
 * PGlite database with mail written to DATA_DIR/mail, and PostgreSQL with a real SMTP listener. This module
 * is the one place both the Playwright config and the serve script take their ports and directories from.
 */
export type ProductionVariant = 'embedded' | 'postgres';

export type ProductionRun = {
  variant: ProductionVariant;
  /** The https port the browser uses (the proxy); APP_URL is https://localhost:<proxyPort>. */
  proxyPort: number;
  /** The server's own plain-http port on 127.0.0.1, reached only through the proxy. */
  serverPort: number;
  /** METRICS_PORT: Prometheus's listener on 127.0.0.1 (ADR 072). */
  metricsPort: number;
  /** Scratch directory of the run: the server's DATA_DIR, the certificate, the SMTP inbox. */
  dir: string;
  /** Where the run's e-mails land as .eml files: DATA_DIR/mail, or the SMTP listener's inbox. */
  mailDir: string;
  baseURL: string;
};

export function productionRun(variant: ProductionVariant): ProductionRun {
  // E2E_PORT is the development run's, and the one above it a spec's second server (ai.spec.ts); the production
  // servers, which run beside them in the same Playwright run, take ports ten above.
  const base = Number(process.env.E2E_PORT ?? 3100) + (variant === 'embedded' ? 11 : 13);
  const dir = path.join(os.tmpdir(), `daybook-e2e-production-${variant}-${base}`);
  return {
    variant,
    proxyPort: base,
    serverPort: base + 1,
    metricsPort: base + 20,
    dir,
    mailDir: variant === 'embedded' ? path.join(dir, 'data', 'mail') : path.join(dir, 'smtp-inbox'),
    baseURL: `https://localhost:${base}`,
  };
}

/** Both variants always run; PostgreSQL only when a server to make a scratch database on is given. */
export function productionVariants(): ProductionVariant[] {
  return process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
}
