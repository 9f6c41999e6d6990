import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerAuthentication, registerOriginCheck } from './infra/http/authenticate.ts';
import { registerErrorHandling } from './infra/http/errors.ts';
import { scaleRouteLimits, tieredRateLimitStore } from './infra/http/rate-limit-store.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { registerDevMailRoutes } from './modules/dev-mail/routes.ts';
import { entriesRoutes } from './modules/entries/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { createServices, type Services } from './services.ts';

export type AppDeps = { config: Config; database: Database; clock?: Clock };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Content-Security-Policy for the web app: no inline script anywhere; Radix sets inline style attributes. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
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

/** Builds the whole HTTP app; `main.ts` listens, tests call `inject` or listen on a free port. */
export async function buildApp({ config, database, clock = systemClock }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Request bodies are never logged (entries, messages); cookies and auth headers are redacted.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // On close, answer new requests with 503 and let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAuthentication(app);

  await app.register(helmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
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

  const services = createServices({ config, database, clock });
  // main.ts hands the same services to the job scheduler.
  app.decorate('services', services);

  await app.register(
    async (api) => {
      // The API speaks JSON only; a text/plain body is refused with 415 instead of being half-parsed.
      api.removeContentTypeParser('text/plain');
      registerOriginCheck(api, trustedOrigins(config));
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
      await api.register(authRoutes(services, config.appUrl));
      await api.register(accountRoutes(services));
      await api.register(entriesRoutes(services));
      await api.register(moderationRoutes(services));
      await api.register(
        mediaRoutes(services, {
          tmpDir: path.join(config.dataDir, 'tmp'),
          localStorage: services.localStorage,
        }),
      );
      api.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ code: 'NOT_FOUND', message: `No API route ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/api' },
  );

  if (!config.isProduction) registerDevMailRoutes(app, services.devMail);
  registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built React app; any other GET that wants HTML gets index.html (client-side routing). */
function registerWebApp(app: FastifyInstance, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes are extension-less paths; a missing file (/assets/x.js) stays a 404.
    const pathname = request.url.split('?')[0] ?? '';
    const isAppRoute =
      request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (!isAppRoute) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
