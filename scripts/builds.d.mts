// Types for scripts/builds.mjs, which e2e/support/server-process.ts imports.
export type BuildName = 'web' | 'server';
export const root: string;
export const builds: Record<BuildName, { output: string; entry: string; inputs: string[] }>;
export function sourceHash(name: BuildName): string;
export function staleness(name: BuildName): string | null;
export function build(name: BuildName): number;
