import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppBootstrap, isAppRoutePath, pageRoutePaths } from '@daybook/shared';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { trustedOrigins } from './infra/auth/better-auth.ts';
import type { PasswordVerifier } from './infra/auth/passwords.ts';
import { SESSION_CACHE_OPTIONS, type SessionCacheOptions } from './infra/auth/session-cache.ts';
import { readSessionToken, sessionCookie } from './infra/auth/session-cookie.ts';
import { type AppDocument, loadAppDocument } from './infra/http/app-document.ts';
import {
  appendSetCookies,
  registerAuthentication,
  registerOriginCheck,
  sessionRequest,
} from './infra/http/authenticate.ts';
import { registerCompression } from './infra/http/compression.ts';
import { registerErrorHandling } from './infra/http/errors.ts';
import { PRERENDERED_PAGES, queryOf } from './infra/http/prerendered-pages.ts';
import { scaleRouteLimits, tieredRateLimitStore } from './infra/http/rate-limit-store.ts';
import { RequestLog } from './infra/http/request-log.ts';
import { type PermissionsPolicy, registerSecurityHeaders } from './infra/http/security-headers.ts';
import {
  HTTP_TIMEOUTS,
  type HttpTimeouts,
  registerBodyTimeouts,
  serverTimeoutOptions,
} from './infra/http/timeouts.ts';
import { LIVE_HUB_OPTIONS, type LiveHubOptions } from './infra/live/hub.ts';
import { outboxHealth } from './infra/mail/outbox.ts';
import { createMetrics, isMetricsToken, type Metrics } from './infra/metrics/metrics.ts';
import type { PushSenderOptions } from './infra/push/web-push.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { serializeError, serializeRequest } from './lib/log-text.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { aiConsentRoutes } from './modules/ai/consent-routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { billingRoutes, billingTestRoutes } from './modules/billing/routes.ts';
import { companionsRoutes } from './modules/companions/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { devMailApiRoutes, devMailPage } from './modules/dev-mail/routes.ts';
import { entriesRoutes } from './modules/entries/routes.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { futureMessagesRoutes, futureMessagesTestRoutes } from './modules/future-messages/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { importTmpDir } from './modules/import/service.ts';
import { keyPairsRoutes } from './modules/key-pairs/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { privateModeRoutes } from './modules/private-mode/routes.ts';
import { privateSwitchRoutes } from './modules/private-mode/switch-routes.ts';
import { remindersRoutes, remindersTestRoutes } from './modules/reminders/routes.ts';
import { sharingRoutes } from './modules/sharing/routes.ts';
import { createServices, type Services } from './services.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Tests wrap the real password check to count how many checks a burst of sign-ins reaches. */
  verifyPassword?: PasswordVerifier;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: { write(line: string): void };
  /** Defaults to HTTP_TIMEOUTS; tests pass short ones. */
  httpTimeouts?: HttpTimeouts;
  /** Live streams: heartbeat, retry, caps. Defaults to LIVE_HUB_OPTIONS; tests pass a short heartbeat. */
  live?: Partial<LiveHubOptions>;
  /** The session cache's TTL and size (ADR 047). Defaults to SESSION_CACHE_OPTIONS. */
  sessionCache?: Partial<SessionCacheOptions>;
  /** Where Web Push may connect (the public internet); tests allow their local push service. */
  push?: PushSenderOptions;
  /** Media stored plain, as before ADR 081: only the upload bench sets it, to measure what sealing costs. */
  storePlainMedia?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** This instance's Prometheus registry and request observer (ADR 072). */
    metrics: Metrics;
  }
}

/**
 * Content-Security-Policy for the web app: no inline script anywhere; Radix sets inline style attributes.
 * `'wasm-unsafe-eval'` lets the app's own scripts compile WebAssembly, and nothing else (no `eval` of JavaScript):
 * private mode's Argon2id is hash-wasm's WebAssembly (ADR 089), which chromium refuses under `script-src 'self'`.
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Permissions-Policy (ADR 060): the camera and the microphone for the app's own pages (the photo, voice and video
 * recorders), nothing else that a page or an embedded frame could ask the browser for. Payment is off: checkout is
 * a redirect to Stripe's page (or our local test page), never the Payment Request API. Only features every current
 * browser recognises are listed: an unknown one is reported as an error in the page's console.
 */
const permissionsPolicy: PermissionsPolicy = {
  camera: ['self'],
  microphone: ['self'],
  'display-capture': [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
};

/** Files the service worker is made of, and the manifest: unhashed names the browser must revalidate (ADR 040). */
const WORKER_FILES = new Set(['sw.js', 'sw-sync.js', 'reminder-push-sw.js', 'manifest.webmanifest']);
/** A source map of the build (`app-1234.js.map`, `index-abcd.css.map`). */
const SOURCE_MAP = /\.map$/i;

/** Builds the whole HTTP app; `main.ts` listens, tests call `inject` or listen on a free port. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  verifyPassword,
  logStream,
  httpTimeouts = HTTP_TIMEOUTS,
  live: liveOverrides,
  sessionCache,
  push,
  storePlainMedia,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // What is logged and what never is: ADR 053.
    logger: {
      level: config.logLevel,
      // Request bodies are never logged (entries, messages); cookies and auth headers are redacted wherever
      // headers would appear (our request serializer writes none).
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Request lines carry the path only (no query: tokens, callbackURL), a token in the path as its route's
      // pattern, with user text escaped; errors carry no query parameters or values (lib/log-text.ts).
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One line per request, not Fastify's two.
    logController: new RequestLog(),
    // Unique across instances, so the lines of one request can be told apart in a shared log.
    genReqId: () => randomUUID(),
    // Only the listed proxies' X-Forwarded-For hops are believed (proxy-addr walks from the socket inwards).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // On close, answer new requests with 503 and let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...serverTimeoutOptions(httpTimeouts),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { isDatabaseReachable: () => database.ping() });
  registerBodyTimeouts(app, httpTimeouts);
  registerAuthentication(app);
  registerCompression(app);

  registerSecurityHeaders(app, {
    helmet: {
      contentSecurityPolicy,
      crossOriginEmbedderPolicy: false,
      // HSTS only where APP_URL is https: sent over plain http it would lock browsers out of a LAN install.
      hsts: config.isHttps,
    },
    permissionsPolicy,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Daybook API',
        version: '1.0.0',
        description: 'JSON over HTTP. Errors are `{ code, message, fields? }` with a matching status.',
      },
      servers: [{ url: config.appUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI styles elements from its own script; allow that on the reference page only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });

  const live: LiveHubOptions = { ...LIVE_HUB_OPTIONS, ...liveOverrides };
  const services = createServices({
    config,
    database,
    clock,
    verifyPassword,
    log: app.log,
    live,
    sessionCache: { ...SESSION_CACHE_OPTIONS, ...sessionCache },
    push,
    storePlainMedia,
  });
  // Open event streams never finish on their own: they end before the server waits for its connections, and
  // the listening connection closes before the database does (main.ts closes it after the app).
  app.addHook('preClose', async () => {
    await services.events.close();
  });
  app.addHook('onClose', async () => {
    await services.moderation.image.close();
  });
  // What Prometheus reads (ADR 072): every answered request by its route's pattern, and what the sources say at
  // each scrape. main.ts serves it on METRICS_PORT; with METRICS_TOKEN, /metrics answers here for that token only.
  const metrics = createMetrics({
    pool: database.poolStats,
    liveStreams: services.events.streamCount,
    outbox: () => outboxHealth(database.db, clock.now()),
    jobs: async () =>
      (await services.jobRuns.list()).map((run) => ({
        name: run.name,
        lastSucceededAt: run.lastSucceededAt,
      })),
    now: () => clock.now(),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const metricsToken = config.metrics.token;
  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!isMetricsToken(request.headers.authorization, metricsToken))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'UNAUTHENTICATED', message: 'Not authenticated' });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  // The local mailbox is a development tool: it exists only without SMTP_URL and outside production
  // (mail still goes to DATA_DIR/mail then, but is never served), and answers only on this machine.
  const hasLocalMailbox = !config.isProduction && !config.mail.smtpUrl;
  // main.ts hands the same services to the job scheduler.
  app.decorate('services', services);

  await app.register(
    async (api) => {
      // The API speaks JSON only; a text/plain body is refused with 415 instead of being half-parsed.
      api.removeContentTypeParser('text/plain');
      // Nearly every API answer is someone's own (entries, notifications, decrypted shares and AI conversations),
      // and an error or a 404 may be too: no cache, the browser's disk cache included, keeps any of them
      // (ADR 060). The few answers that may be kept say so themselves, replacing this: the plans' prices, an
      // avatar at its content-addressed URL, a media file behind its expiring signed link.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      registerOriginCheck(api, trustedOrigins(config));
      // The HTTP parser may close a connection whose request is already under way (good headers, then a malformed
      // body); with no client address left the per-client limiter would fail with a 500 (fuzz finding).
      api.addHook('onRequest', (request, _reply, done) => {
        done(request.ip ? undefined : new AppError('VALIDATION_FAILED', 'The connection was closed.'));
      });
      scaleRouteLimits(api, config.rateLimitScale);
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: '1 minute',
        store: tieredRateLimitStore(services.limiter),
        // A broken limiter must not take the API down with it.
        skipOnError: true,
      });
      await api.register(healthRoutes(services));
      await api.register(pricingRoutes(services));
      await api.register(contactRoutes(services));
      await api.register(authRoutes(services, config.appUrl, { hasLocalMailbox }));
      await api.register(accountRoutes(services));
      await api.register(privateModeRoutes(services));
      await api.register(privateSwitchRoutes(services));
      await api.register(keyPairsRoutes(services));
      await api.register(entriesRoutes(services));
      await api.register(companionsRoutes(services));
      await api.register(notificationsRoutes(services));
      await api.register(
        eventsRoutes(services, {
          retryMs: live.retryMs,
          // A few heartbeats: the socket stays up between them, a dead one goes soon after.
          idleTimeoutMs: live.heartbeatMs * 3,
          maxBufferedBytes: live.maxBufferedBytes,
        }),
      );
      await api.register(moderationRoutes(services));
      await api.register(sharingRoutes(services, { tmpDir: path.join(config.dataDir, 'tmp') }));
      await api.register(futureMessagesRoutes(services));
      await api.register(remindersRoutes(services));
      await api.register(billingRoutes(services));
      await api.register(aiRoutes(services));
      await api.register(aiConsentRoutes(services));
      await api.register(adminRoutes(services));
      await api.register(exportRoutes(services));
      // Test tools exist only where TEST_TOOLS is on (never in production, config.ts); elsewhere the path is a 404.
      if (config.testTools) {
        await api.register(futureMessagesTestRoutes(services));
        await api.register(remindersTestRoutes(services));
        await api.register(billingTestRoutes(services));
      }
      if (hasLocalMailbox) await api.register(devMailApiRoutes(services.devMail));
      await api.register(mediaRoutes(services, { tmpDir: path.join(config.dataDir, 'tmp') }));
      await api.register(importRoutes(services, { tmpDir: importTmpDir(config.dataDir) }));
      api.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ code: 'NOT_FOUND', message: `No API route ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/api' },
  );

  if (hasLocalMailbox) await app.register(devMailPage(services.devMail));
  registerWebApp(app, config.webDistDir, {
    testTools: config.testTools,
    hasSourceMaps: !config.isProduction,
    hasSessionCookie: (cookieHeader) =>
      Boolean(readSessionToken(cookieHeader, config.authSecret, sessionCookie(config).name)),
    bootstrap: (request, reply) => appBootstrap(services, request, reply),
  });
  return app;
}

/**
 * The answers a signed-in browser's app would ask for before drawing its first screen (ADR 050), read as the
 * API routes read them: the session (sliding its expiry, as `GET /api/auth/session` does), the profile and the
 * plan. A visitor, or a failure, gets none: the app then asks the API itself, and shows the error there.
 */
async function appBootstrap(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AppBootstrap | undefined> {
  try {
    const { result, setCookies } = await services.auth.session(sessionRequest(request));
    appendSetCookies(reply, setCookies);
    if (!result) return undefined;
    const [profile, subscription] = await Promise.all([
      services.account.profile(result.user.id),
      services.billing.status(result.user.id),
    ]);
    // Parsed as the routes' serializers would: only the fields the API answers with.
    return AppBootstrap.parse({ user: result.user, profile, subscription });
  } catch (error) {
    request.log.warn({ err: error }, 'The app page went out without its bootstrap');
    return undefined;
  }
}

/**
 * Serves the built React app. A page path of the app (packages/shared routes.ts; the test-tool pages only with
 * TEST_TOOLS) gets index.html with 200;
 * any other extension-less path outside /api gets it with 404, so the app shows its "Page not found" and
 * crawlers and monitors see the right status. A missing file (/assets/x.js) stays a plain 404.
 * HEAD answers like GET, without a body.
 * `/` and `/login` are prerendered pages (ADR 045, 049) for a browser without a session cookie, when the query
 * leaves them as drawn (`PRERENDERED_PAGES`), and the app otherwise: the app shows a signed-in person the same
 * landing page with their own header, and sends them on from /login. The cookie's signature is checked, not the
 * session: an ended session gets the app, which sees it.
 */
type WebAppOptions = {
  /** TEST_TOOLS: the test-tool pages are pages of the app (ADR 057). */
  testTools: boolean;
  /**
   * Whether the build's source maps are served (outside production only, ADR 060). They are written without a
   * `sourceMappingURL` comment in the scripts ('hidden'); a developer adds one in the browser's tools by URL.
   */
  hasSourceMaps: boolean;
  hasSessionCookie: (cookieHeader: string | null) => boolean;
  bootstrap: (request: FastifyRequest, reply: FastifyReply) => Promise<AppBootstrap | undefined>;
};

function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { testTools, hasSourceMaps, hasSessionCookie, bootstrap }: WebAppOptions,
): void {
  const appDocument = existsSync(path.join(distDir, 'index.html'))
    ? loadAppDocument(distDir, { testTools })
    : null;
  const pagePaths = pageRoutePaths(testTools);
  /**
   * The app's page (ADR 050): its chunks preloaded, and, with a session cookie signed by us, the session's
   * answers carried along. Personal then, so never stored by a cache; and it varies by cookie either way.
   */
  const sendAppDocument = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    document: AppDocument,
  ) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const data = hasSessionCookie(request.headers.cookie ?? null)
      ? await bootstrap(request, reply)
      : undefined;
    return reply
      .status(status)
      .header('cache-control', data ? 'no-store' : 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(document.render(pathname, data));
  };
  if (appDocument) {
    for (const { url, file, serves } of PRERENDERED_PAGES) {
      const hasFile = existsSync(path.join(distDir, file));
      app.route({
        method: ['GET', 'HEAD'],
        url,
        handler: (request, reply) => {
          const isVisitor = !hasSessionCookie(request.headers.cookie ?? null);
          if (!hasFile || !isVisitor || !serves(queryOf(request.url))) {
            return sendAppDocument(request, reply, 200, appDocument);
          }
          // The same address answers two ways: a shared cache must key on the cookie.
          reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
          return reply.type('text/html').sendFile(file);
        },
      });
    }
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (ADR 020): sent as the client accepts, with Vary.
      preCompressed: true,
      // In production a source map is a plain 404: it would hand out the app's sources, comments included.
      ...(hasSourceMaps ? {} : { allowedPath: (pathname: string) => !SOURCE_MAP.test(pathname) }),
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker and the manifest keep their names across versions: the browser must ask every
        // time (no-cache), or a new version could wait a day to be found (ADR 040).
        const name = path.basename(filePath);
        if (name === 'manifest.webmanifest') res.header('content-type', 'application/manifest+json');
        if (WORKER_FILES.has(name)) res.header('cache-control', 'no-cache, max-age=0');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPagePath =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPagePath) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    const status = isAppRoutePath(pathname, pagePaths) ? 200 : 404;
    if (!appDocument) {
      return reply
        .status(status === 200 ? 503 : 404)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    return sendAppDocument(request, reply, status, appDocument);
  });
}
