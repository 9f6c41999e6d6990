// Types for scripts/check-budgets.mjs, which bench/lighthouse.bench.ts imports.
export type ChunkSize = { file: string; gzip: number };
export type RouteSizes = {
  route: string;
  jsBudget: number;
  jsTotal: number;
  js: ChunkSize[];
  cssBudget: number;
  cssTotal: number;
  css: ChunkSize[];
};
export const ROUTE_BUDGETS: Array<{
  route: string;
  entry?: string;
  page?: string;
  lazy?: string[];
  jsBudget: number;
}>;
export const CSS_BUDGET: number;
export function measureBudgets(distDir: string): {
  routes: RouteSizes[];
  overBudget: Array<{ route: string; kind: string; total: number; budget: number; chunks: ChunkSize[] }>;
};
