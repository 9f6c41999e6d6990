import { api, type Endpoint } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';

/** Every operation declared in packages/shared (ADR 106) is served: no declaration the web could call in vain. */
describe('the declared endpoints', () => {
  const ctx = useTestApp();
  const declared = Object.entries(api).flatMap(([feature, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `api.${feature}.${name}`,
      route: `${endpoint.method} ${endpoint.path}`,
    })),
  );

  it('each have a route on the server, under the method and path they declare', () => {
    expect(declared.length).toBeGreaterThan(0);
    const unserved = declared.filter(({ route }) => {
      const [method, url] = route.split(' ') as [Endpoint['method'], string];
      return !ctx.app.hasRoute({ method, url });
    });
    expect(unserved).toEqual([]);
  });
});
