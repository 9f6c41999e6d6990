import LoginPage from '../../features/auth/pages/LoginPage.tsx';
import { documentTitle } from '../../lib/use-document-title.ts';
import { type PrerenderedPage, renderPrerenderedPage } from '../prerendered/render-page.tsx';

/** The page's title, as `useDocumentTitle` sets it in the app (the prerendered page runs no page component). */
const LOGIN_TITLE = documentTitle('Log In');

/**
 * `/login` as HTML, at build time (vite.config.ts `prerenderPages`, ADR 049): as a visitor without a session sees
 * it at a plain `/login` (`?redirect=` changes nothing drawn). The server sends the app for the parameters that
 * change the first render (`intent`, `error`, `verified`).
 */
export function renderPage(): PrerenderedPage {
  return { html: renderPrerenderedPage('/login', <LoginPage />), title: LOGIN_TITLE };
}
