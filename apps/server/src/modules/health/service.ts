import type { HealthResponse } from '@daybook/shared';
import type { Database } from '../../db/client.ts';

export function createHealthService(database: Database, options: { testTools: boolean }) {
  const startedAt = Date.now();
  return {
    async check(): Promise<HealthResponse> {
      const isUp = await database.ping();
      return {
        status: isUp ? 'ok' : 'degraded',
        database: isUp ? 'up' : 'down',
        driver: database.driver,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        testTools: options.testTools,
      };
    },
  };
}
