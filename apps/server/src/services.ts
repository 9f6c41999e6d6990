import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { createContactRepository } from './modules/contact/repository.ts';
import { createContactService } from './modules/contact/service.ts';
import { createHealthService } from './modules/health/service.ts';
import { createPricingRepository } from './modules/pricing/repository.ts';
import { createPricingService } from './modules/pricing/service.ts';

/** Wires repositories into services once per app; routes receive the result and nothing else. */
export function createServices(deps: { config: Config; database: Database; clock: Clock }) {
  const { db } = deps.database;
  return {
    health: createHealthService(deps.database),
    pricing: createPricingService(createPricingRepository(db)),
    contact: createContactService({
      db,
      repository: createContactRepository(),
      contactEmail: deps.config.mail.contactEmail,
      clock: deps.clock,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
