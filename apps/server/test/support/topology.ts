import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { startCommand } from '../../../../scripts/start-command.mjs';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { selfSignedCertificate } from './certificate.ts';
import { startSmtpServer } from './smtp.ts';
import { fakeWebBuild } from './web-build.ts';

/**
 * The deployment docs/design.md#design-scale describes, on this machine (ADR 090): N instances of the production build
 * (the compiled server, NODE_ENV=production, an https APP_URL) on one scratch PostgreSQL database, an S3 store
 * (s3rver), a real SMTP listener, behind Debian's nginx running deploy/nginx.conf itself. Every instance runs the
 * jobs. The instances are child processes, so a test can kill one with SIGKILL and start it again.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

/** A port nothing listens on right now: the OS picks one, we release it and hand it on. */
export async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The production server build the topology runs. `apps/server/dist` is the one `npm test` makes beside its checks,
 * possibly while this very test runs (it removes the folder first), so the test makes its own copy with the same
 * build script into a folder of its own (esbuild: about a second); `npm run bench` passes the fresh dist instead.
 */
export function buildServerCopy(): { entry: string; remove(): void } {
  const out = path.join(
    ROOT,
    'apps/server',
    `dist-topology-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), out], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr}`);
  return { entry: path.join(out, 'main.js'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

/**
 * deploy/nginx.conf as this machine runs it: the documented substitutions only (the file's header, ADR 090), each
 * of a text that must be there, so the file and the test cannot drift apart unseen.
 */
export function nginxSiteFor(
  conf: string,
  options: { upstreams: number[]; httpPort: number; httpsPort: number; certFile: string; keyFile: string },
): string {
  const replaceExactly = (text: string, from: string | RegExp, to: string, what: string) => {
    const matches = typeof from === 'string' ? text.split(from).length - 1 : (text.match(from) ?? []).length;
    if (matches === 0) throw new Error(`deploy/nginx.conf no longer has ${what}; update the topology test`);
    return typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
  };
  const serverLine = /^(\s*)server app\d+:3000( [^;]*)?;\n/gm;
  const parameters = serverLine.exec(conf)?.[2] ?? '';
  let site = replaceExactly(
    conf,
    new RegExp(serverLine.source, 'gm'),
    '',
    'the `server appN:3000` upstream lines',
  );
  site = replaceExactly(
    site,
    'upstream daybook {\n',
    `upstream daybook {\n${options.upstreams.map((port) => `    server 127.0.0.1:${port}${parameters};\n`).join('')}`,
    'the `upstream daybook` block',
  );
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${options.httpPort};`, '`listen 80;`');
  site = replaceExactly(
    site,
    'listen 443 ssl http2;',
    `listen 127.0.0.1:${options.httpsPort} ssl http2;`,
    '`listen 443 ssl http2;`',
  );
  site = replaceExactly(site, '/etc/nginx/certs/fullchain.pem', options.certFile, 'the certificate path');
  return replaceExactly(site, '/etc/nginx/certs/privkey.pem', options.keyFile, 'the key path');
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('nginx is not installed: `apt-get install nginx` (.ci/run installs it)');
  return found;
}

export type Instance = {
  name: string;
  port: number;
  metricsPort: number;
  /** The running process, or null between a kill and the next start. */
  process: ChildProcess | null;
  log: string;
};

export type Topology = Awaited<ReturnType<typeof startTopology>>;

export async function startTopology(options: {
  instances: number;
  /** The compiled server to run; a copy is built for this topology when absent. */
  serverEntry?: string;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
}) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The topology runs on PostgreSQL: set DATABASE_URL');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-topology-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const build = options.serverEntry ? null : buildServerCopy();
    if (build) cleanups.push(build.remove);
    const entry = options.serverEntry ?? build!.entry;

    const scratch = await createScratchDatabase(serverUrl, 'daybook_topology');
    cleanups.push(() => scratch.drop());
    // Migrated once here, so the instances start together without each waiting on the migration lock.
    const database: Database = await openDatabase({
      database: { kind: 'postgres', url: scratch.url, poolSize: 4 },
    });
    cleanups.push(() => database.close());

    const s3Dir = path.join(dir, 's3');
    mkdirSync(s3Dir);
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'daybook', configs: [] }],
    });
    const s3Address = (await s3.run()) as net.AddressInfo;
    cleanups.push(() => s3.close());

    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());

    const webDist = fakeWebBuild();
    cleanups.push(() => rmSync(webDist, { recursive: true, force: true }));

    const certificate = selfSignedCertificate(dir);
    const httpsPort = await sparePort();
    const url = `https://localhost:${httpsPort}`;
    const secret = () => randomBytes(32).toString('base64url');
    const sharedEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: url,
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '10',
      ENCRYPTION_SECRET: secret(),
      AUTH_SECRET: secret(),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Daybook <no-reply@daybook.test>',
      S3_BUCKET: 'daybook',
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      // Every simulated user comes through nginx from 127.0.0.1: the per-client limits would count them as one.
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_SCALE: '100000',
      JOBS: 'on',
      ...options.env,
    };
    // `npm start`'s own environment and node flags (ADRs 043, 092), without its build check: the entry is built.
    const { env: startEnv, nodeArgs } = startCommand();
    const startFlags = nodeArgs.filter((part) => part.startsWith('--'));

    const instances: Instance[] = [];
    for (let i = 1; i <= options.instances; i++) {
      instances.push({
        name: `app${i}`,
        port: await sparePort(),
        metricsPort: await sparePort(),
        process: null,
        log: path.join(dir, `app${i}.log`),
      });
    }

    const healthy = async (port: number, child: ChildProcess, log: string) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`an instance exited (${child.exitCode}): ${readFileSync(log, 'utf8')}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline)
          throw new Error(`an instance did not answer: ${readFileSync(log, 'utf8')}`);
        await sleep(100);
      }
    };

    /** Starts an instance (again) and resolves once it answers its health check directly. */
    const start = async (instance: Instance) => {
      const out = openSync(instance.log, 'a');
      const child = spawn(process.execPath, [...startFlags, entry], {
        cwd: ROOT,
        env: {
          ...sharedEnv,
          ...startEnv,
          PORT: String(instance.port),
          METRICS_PORT: String(instance.metricsPort),
          DATA_DIR: path.join(dir, instance.name),
        },
        stdio: ['ignore', out, out],
      });
      instance.process = child;
      await healthy(instance.port, child, instance.log);
    };
    const exited = (child: ChildProcess) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    /** `kill -9`: no shutdown, no goodbye to open streams or transactions. */
    const kill = async (instance: Instance) => {
      const child = instance.process;
      if (!child) return;
      instance.process = null;
      child.kill('SIGKILL');
      await exited(child);
    };
    /** SIGTERM: the graceful stop an operator's orchestrator sends. */
    const stop = async (instance: Instance) => {
      const child = instance.process;
      if (!child) return;
      instance.process = null;
      child.kill('SIGTERM');
      await exited(child);
    };
    cleanups.push(async () => {
      await Promise.all(instances.map(kill));
    });
    await Promise.all(instances.map(start));

    // nginx with deploy/nginx.conf included in a main file of this run: its own pid, logs and temporary folders.
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    // The workers run as this user (an unprivileged master ignores the directive, root's gives them our files).
    const user = os.userInfo();
    const site = nginxSiteFor(readFileSync(NGINX_CONF, 'utf8'), {
      upstreams: instances.map((instance) => instance.port),
      httpPort: await sparePort(),
      httpsPort,
      certFile: certificate.certFile,
      keyFile: certificate.keyFile,
    });
    writeFileSync(path.join(nginxDir, 'daybook.conf'), site);
    const temp = (name: string) => path.join(nginxDir, name);
    writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      [
        ...(user.uid === 0 ? ['user root;'] : []),
        'daemon off;',
        'worker_processes 1;',
        `pid ${temp('nginx.pid')};`,
        `error_log ${temp('error.log')} warn;`,
        'events { worker_connections 4096; }',
        'http {',
        `  access_log ${temp('access.log')};`,
        `  client_body_temp_path ${temp('client_body')};`,
        `  proxy_temp_path ${temp('proxy')};`,
        `  fastcgi_temp_path ${temp('fastcgi')};`,
        `  uwsgi_temp_path ${temp('uwsgi')};`,
        `  scgi_temp_path ${temp('scgi')};`,
        `  include ${path.join(nginxDir, 'daybook.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    chmodSync(dir, 0o755);
    const nginxLog = openSync(temp('stderr.log'), 'a');
    const nginx = spawn(
      nginxBinary(),
      ['-p', nginxDir, '-e', temp('error.log'), '-c', path.join(nginxDir, 'nginx.conf')],
      { stdio: ['ignore', nginxLog, nginxLog] },
    );
    cleanups.push(async () => {
      nginx.kill('SIGTERM');
      await exited(nginx);
    });
    const agent = new https.Agent({ ca: certificate.cert, keepAlive: true });
    cleanups.push(() => agent.destroy());
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (nginx.exitCode !== null)
        throw new Error(
          `nginx exited: ${readFileSync(temp('error.log'), 'utf8')}${readFileSync(temp('stderr.log'), 'utf8')}`,
        );
      const status = await new Promise<number>((resolve) =>
        https
          .get(`${url}/api/health`, { agent }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', () => resolve(0)),
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error('nginx did not answer /api/health');
      await sleep(100);
    }

    return {
      url,
      /** Trust this certificate (the run's own, self-signed); `certFile` is where it is written. */
      ca: certificate.cert,
      certFile: certificate.certFile,
      /** The scratch database the instances share. */
      databaseUrl: scratch.url,
      instances,
      database,
      smtp,
      start,
      kill,
      stop,
      /** What the instances and nginx wrote, for a failing test's message. */
      logs: () =>
        [...instances.map((instance) => instance.log), temp('error.log')]
          .map((file) =>
            existsSync(file) ? `--- ${path.basename(file)}\n${readFileSync(file, 'utf8')}` : '',
          )
          .join('\n'),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** An instance's Prometheus metric value (its METRICS_PORT listener), summed over the series of that name. */
export async function metricOf(instance: Instance, name: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`).then((res) => res.text());
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
