// The contract between the web build, the server and the page's first-paint script for a first screen drawn as
// HTML (ADR 051). No schemas here: apps/web app/first-paint.ts is built on its own and must stay small.

/**
 * The dashboard's first screen as HTML (ADR 051): the build renders it from the app's components with these
 * slots in it (`.vite/first-screens.json`), and the server fills them for a signed-in browser and puts it where
 * index.html's prerendered shell marks its page.
 */
export const FIRST_SCREEN_SLOTS = {
  /** In the shell's empty <main>: where the page goes. */
  page: '<!--first-screen-->',
  /** The greeting (text, escaped by the server). */
  greeting: '%%first-screen-greeting%%',
  /** The journal column's first content: the welcome card, when the plan allows it. */
  content: '%%first-screen-content%%',
} as const;

/**
 * On a page whose first screen the server drew, the app's scripts (its entry and module preloads) wait in a
 * `<template>` with this id, and the page's first-paint script asks for them once that screen is painted: the
 * screen needs none of them, and a slow connection then spends itself on the stylesheet and fonts first.
 */
export const HELD_APP_SCRIPTS_ID = 'daybook-app-scripts';
