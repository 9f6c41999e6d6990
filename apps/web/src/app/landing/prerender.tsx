import LandingPage from '../../features/marketing/pages/LandingPage.tsx';
import { documentTitle } from '../../lib/use-document-title.ts';
import { type PrerenderedPage, renderPrerenderedPage } from '../prerendered/render-page.tsx';

/**
 * The landing page as HTML, at build time (vite.config.ts `prerenderPages`, ADR 045); prices show their skeleton
 * until the page's entry asks the API.
 */
export function renderPage(): PrerenderedPage {
  return { html: renderPrerenderedPage('/', <LandingPage />), title: documentTitle() };
}
