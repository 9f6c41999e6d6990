import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_BOOTSTRAP_ELEMENT_ID,
  type AppBootstrap,
  FIRST_SCREEN_SLOTS,
  greeting,
  HELD_APP_SCRIPTS_ID,
  isWelcomeCardAllowedByPlan,
  TEST_TOOLS_META,
} from '@daybook/shared';
import { z } from 'zod';

/** Written by the web build (apps/web vite.config.ts `routePreload`): each lazy page's address and chunks. */
const ROUTE_CHUNKS_FILE = path.join('.vite', 'route-chunks.json');
const RouteChunks = z.array(
  z.object({ pattern: z.string(), files: z.array(z.string()), later: z.array(z.string()).default([]) }),
);

/** Written by the web build (apps/web vite.config.ts `appDocument`): the dashboard's first screen (ADR 051). */
const FIRST_SCREENS_FILE = path.join('.vite', 'first-screens.json');
const FirstScreens = z.object({ dashboard: z.object({ layout: z.string(), welcomeCard: z.string() }) });
type FirstScreens = z.infer<typeof FirstScreens>;
/** The address whose first screen the server draws: the dashboard, whatever its query. */
const DASHBOARD_PATH = /^\/dashboard\/?$/;

/** Where the module preloads go: before the entry script, so they are asked for alongside it. */
const ENTRY_SCRIPT = '<script type="module"';
/** The app's scripts in the page: its entry and the module preloads, each with the white space after it. */
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;
/** Where scripts held back until the first paint go: the end of the body. */
const BODY_END = '</body>';
/** Where the test-tools mark goes: the start of the head. */
const HEAD_START = '<head>';
/** Where the bootstrap goes: before the app's mount point (the entry script runs once the page is parsed). */
const ROOT_ELEMENT = '<div id="root">';

/**
 * JSON that can sit inside a `<script>` element: `<` escaped, so no value (a person's name, say) can close the
 * element or open a comment, and the two line separators JavaScript once rejected, escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Escapes text for an HTML element's content. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The dashboard's first screen for a signed-in person (ADR 051): the build's HTML with their greeting, and the
 * welcome card when their plan allows it (the browser's own facts then hide it before it is painted, if they
 * rule it out: apps/web app/first-paint.ts).
 */
function dashboardFirstScreen(
  { dashboard }: FirstScreens,
  { user, profile, subscription }: AppBootstrap,
): string {
  const isWelcomeCardAllowed = isWelcomeCardAllowedByPlan({
    plan: subscription.currentPlan,
    intent: subscription.intent,
    hasProviderSubscription: subscription.hasProviderSubscription,
  });
  // Replaced by functions: a name's `$&` is text, not a replacement pattern.
  return dashboard.layout
    .replace(FIRST_SCREEN_SLOTS.greeting, () =>
      escapeHtml(greeting(profile.fullName ?? user.fullName, { isFirstVisit: !profile.hasEntries })),
    )
    .replace(FIRST_SCREEN_SLOTS.content, () => (isWelcomeCardAllowed ? dashboard.welcomeCard : ''));
}

/** Reads a file the build leaves beside index.html; an older build without it gives null. */
function readBuildFile<T>(file: string, parse: (json: unknown) => T): T | null {
  try {
    return parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export type AppDocument = {
  /**
   * index.html for `pathname`: its page's chunks preloaded, and, with `bootstrap`, the session's answers carried
   * for the app and the dashboard's first screen drawn.
   */
  render(pathname: string, bootstrap?: AppBootstrap): string;
};

/**
 * The app's index.html as the server sends it (ADR 050). The build leaves one index.html for every address;
 * the server knows the address and the session, so it adds what the browser would otherwise discover late:
 * a `<link rel="modulepreload">` for each chunk of the page being opened (found before any script runs), and,
 * for a signed-in browser, the answers the app's first screen waits for and, on the dashboard, the top of that
 * screen itself (ADR 051). With `testTools`, every page carries TEST_TOOLS_META, so the app registers the
 * test-tool pages (ADR 057). Read once, at start.
 */
export function loadAppDocument(distDir: string, options: { testTools: boolean }): AppDocument {
  const built = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!built.includes(ENTRY_SCRIPT) || !built.includes(ROOT_ELEMENT) || !built.includes(HEAD_START)) {
    throw new Error(`${distDir}/index.html has no entry script, no ${ROOT_ELEMENT} or no ${HEAD_START}`);
  }
  const template = options.testTools
    ? built.replace(
        HEAD_START,
        `${HEAD_START}<meta name="${TEST_TOOLS_META.name}" content="${TEST_TOOLS_META.content}">`,
      )
    : built;
  // A build without these files (an older one) still works: the pages' chunks are then found by the entry, and
  // the first screen is drawn by the app.
  const routes = (
    readBuildFile(path.join(distDir, ROUTE_CHUNKS_FILE), (json) => RouteChunks.parse(json)) ?? []
  ).map(({ pattern, files, later }) => ({
    pattern: new RegExp(pattern),
    // `later`: what the page loads as it first renders; asked for now, so it is there when wanted.
    links: [...files, ...later]
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n    `)
      .join(''),
  }));
  const firstScreens = readBuildFile(path.join(distDir, FIRST_SCREENS_FILE), (json) =>
    FirstScreens.parse(json),
  );
  // A page the server drew needs none of the app to be painted: its scripts wait in a template at the end of the
  // body, which the page's first-paint script (apps/web app/first-paint.ts) empties into the head once the page is
  // painted. Asked for beside the stylesheet and fonts, they would share a slow connection with them.
  const templateScripts = template.match(APP_SCRIPTS)?.join('').trim() ?? '';
  const templateWithoutScripts = template.replace(APP_SCRIPTS, '');
  return {
    render(pathname, bootstrap) {
      const links = routes.find((route) => route.pattern.test(pathname))?.links ?? '';
      const withPreloads = () =>
        links ? template.replace(ENTRY_SCRIPT, `${links}${ENTRY_SCRIPT}`) : template;
      if (bootstrap === undefined) return withPreloads();
      const bootstrapElement = `<script type="application/json" id="${APP_BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>\n    ${ROOT_ELEMENT}`;
      if (firstScreens && DASHBOARD_PATH.test(pathname)) {
        return templateWithoutScripts
          .replace(ROOT_ELEMENT, () => bootstrapElement)
          .replace(FIRST_SCREEN_SLOTS.page, () => dashboardFirstScreen(firstScreens, bootstrap))
          .replace(
            BODY_END,
            () =>
              `<template id="${HELD_APP_SCRIPTS_ID}">${links}${templateScripts}</template>\n  ${BODY_END}`,
          );
      }
      return withPreloads().replace(ROOT_ELEMENT, () => bootstrapElement);
    },
  };
}
