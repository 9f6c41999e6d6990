import { describe, expect, it } from 'vitest';
import { endpointUrl } from './endpoint.ts';
import * as api from './index.ts';

describe('endpointUrl', () => {
  it('fills each path parameter, encoded', () => {
    expect(endpointUrl(api.entries.get, { id: 'a/b c' })).toBe('/api/entries/a%2Fb%20c');
    expect(endpointUrl(api.entries.imported, { source: 'dayone', ref: 'ABC' })).toBe(
      '/api/entries/imported/dayone/ABC',
    );
  });

  it('writes the query, leaving out absent values and repeating an array', () => {
    expect(
      endpointUrl(api.entries.list, undefined, {
        page: 2,
        date: '',
        from: undefined,
        to: null,
        sort: ['a', 'b'],
      }),
    ).toBe('/api/entries?page=2&sort=a&sort=b');
    expect(endpointUrl(api.entries.list, undefined, {})).toBe('/api/entries');
  });

  it('refuses a path parameter left out (a bug, never a request to the wrong address)', () => {
    expect(() => endpointUrl(api.entries.get, {})).toThrow('/api/entries/:id needs its :id');
  });
});

describe('the declared endpoints', () => {
  const all = Object.entries(api).flatMap(([feature, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${feature}.${name}`, ...endpoint })),
  );

  it('name each method and path once', () => {
    const routes = all.map(({ method, path }) => `${method} ${path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('declare a schema for every path parameter, and none for a path without', () => {
    for (const endpoint of all) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1]).sort();
      const declared =
        'params' in endpoint && endpoint.params ? Object.keys(endpoint.params.shape).sort() : [];
      expect({ endpoint: endpoint.name, params: declared }).toEqual({
        endpoint: endpoint.name,
        params: names,
      });
    }
  });
});
