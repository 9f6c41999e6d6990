import { z } from 'zod';

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    uptimeSeconds: z.number(),
    /** Test tools are on (TEST_TOOLS): the web shows the Future Self card's Test button. Never true in production. */
    testTools: z.boolean(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
