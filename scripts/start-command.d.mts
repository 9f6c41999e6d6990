// Types for scripts/start-command.mjs, which e2e/support/server-process.ts and the topology test import.
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] };
