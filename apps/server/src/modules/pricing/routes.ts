import { ApiError, PricingQuery, PricingResponse } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const pricingRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/pricing',
      {
        schema: {
          tags: ['pricing'],
          summary: "Premium's monthly and annual prices in a currency (GBP when it has none)",
          querystring: PricingQuery,
          response: { 200: PricingResponse, 404: ApiError },
        },
      },
      async (request, reply) => {
        const pricing = await services.pricing.premiumPricing(request.query.currency);
        // Public and the same for everyone: browsers and CDNs may keep it briefly.
        reply.header('cache-control', 'public, max-age=300');
        return pricing;
      },
    );
  };
