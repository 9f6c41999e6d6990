// The other end of fresh-process.ts: imports the module, runs the export with the arguments, writes the result.
import { writeFileSync } from 'node:fs';

const [moduleUrl, exportName, argsJson, resultFile] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const module = (await import(moduleUrl)) as Record<string, (...args: unknown[]) => Promise<unknown>>;
const run = module[exportName];
if (typeof run !== 'function') throw new Error(`${moduleUrl} has no function ${exportName}`);
writeFileSync(resultFile, JSON.stringify(await run(...(JSON.parse(argsJson) as unknown[]))));
// Whatever the benchmark left open (a pool, a timer) must not keep this process alive.
process.exit(0);
