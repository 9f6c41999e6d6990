import { config } from 'zod';

/**
 * The browser's zod parses without compiling: the CSP allows no `eval` (apps/server app.ts), and zod's compiled
 * object parser probes for it with `new Function` on the first parse, which the browser reports as a policy
 * violation (Lighthouse's best practices counted it on the dashboard). zod reads the setting as each schema is
 * built, and the shared schemas are built as their modules load: so this is the app entry's first import
 * (main.tsx). The prerendered pages (ADR 045, 049) leave it out: it would add 4 KB to their first load, and the
 * probe there comes only with the plan chooser or a sign-in, caught by zod, which then parses without compiling.
 */
config({ jitless: true });
