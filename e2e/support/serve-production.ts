// Starts the production build (the web app's and the compiled server's) with NODE_ENV=production and every production setting, behind
// a TLS-terminating reverse proxy, for the production journey (e2e/production). One variant per process:
//   embedded  — PGlite under DATA_DIR, generated secret files, no SMTP_URL: mail lands in DATA_DIR/mail;
//   postgres  — a scratch PostgreSQL database (dropped on exit), secrets from the environment, SMTP_URL
//               pointing at a real SMTP listener that writes what it receives to the run's inbox.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createScratchDatabase } from '../../apps/server/src/db/scratch.ts';
import { selfSignedCertificate } from '../../apps/server/test/support/certificate.ts';
import { type ProductionVariant, productionRun } from './production-run.ts';
import { superviseServer } from './server-process.ts';

const variant = process.argv[2] as ProductionVariant;
if (variant !== 'embedded' && variant !== 'postgres') {
  console.error('usage: serve-production.ts embedded|postgres');
  process.exit(2);
}
const run = productionRun(variant);
rmSync(run.dir, { recursive: true, force: true });
mkdirSync(run.dir, { recursive: true });

/** A real SMTP listener on a free port; every message is kept as an .eml file in the run's inbox. */
async function startSmtpInbox(): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(run.mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const file = path.join(run.mailDir, `${Date.now()}-${String(++count).padStart(4, '0')}.eml`);
        writeFile(file, Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The reverse proxy a production install sits behind: terminates TLS, passes the request on to the server on
 * 127.0.0.1 and says who the client was and how it came (X-Forwarded-For / -Proto / -Host).
 */
function startProxy(certificate: { key: Buffer; cert: Buffer }): https.Server {
  const proxy = https.createServer(certificate, (request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: run.serverPort,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': request.headers.host ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  proxy.listen(run.proxyPort, '127.0.0.1');
  return proxy;
}

const scratch =
  variant === 'postgres' ? await createScratchDatabase(process.env.DATABASE_URL!, 'daybook_e2e_prod') : null;
const smtp = variant === 'postgres' ? await startSmtpInbox() : null;
const secret = () => randomBytes(32).toString('base64url');

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(run.serverPort),
  METRICS_PORT: String(run.metricsPort),
  APP_URL: run.baseURL,
  TRUST_PROXY: '127.0.0.1',
  DATA_DIR: path.join(run.dir, 'data'),
  LOG_LEVEL: 'warn',
  // Embedded: the generated secret files in DATA_DIR count. PostgreSQL: instances must share them.
  DATABASE_URL: scratch?.url ?? '',
  ENCRYPTION_SECRET: scratch ? secret() : '',
  AUTH_SECRET: scratch ? secret() : '',
  SMTP_URL: smtp?.url ?? '',
  WEB_DIST_DIR: '',
  RATE_LIMIT_PER_MINUTE: '',
  RATE_LIMIT_SCALE: '',
};

const proxy = startProxy(selfSignedCertificate(run.dir));
superviseServer(
  serverEnv,
  async (code) => {
    proxy.close();
    await smtp?.close();
    await scratch?.drop();
    rmSync(run.dir, { recursive: true, force: true });
    process.exit(code);
  },
  'compiled',
);
