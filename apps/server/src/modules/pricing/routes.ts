import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

export const pricingRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      api.pricing.premium,
      {
        tags: ['pricing'],
        summary: "Premium's monthly and annual prices in a currency (GBP when it has none)",
      },
      async (request, reply) => {
        const pricing = await services.pricing.premiumPricing(request.query.currency);
        // Public and the same for everyone: browsers and CDNs may keep it briefly.
        reply.header('cache-control', 'public, max-age=300');
        return pricing;
      },
    );
  };
