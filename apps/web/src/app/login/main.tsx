import { afterFirstPaint } from '../prerendered/after-first-paint.ts';
import '../../styles.css';

/*
 * The login page's own entry (login.html, ADR 049): the page arrives as HTML prerendered at build time, so this
 * entry holds nothing but the stylesheet and, once the page is drawn, asks for its islands: the header's and
 * footer's (rendered) and the form (hydrated, its own chunk, downloaded alongside). Nothing else of the app loads.
 */
afterFirstPaint(() => {
  const islands = import('./islands.tsx');
  void import('./form-island.tsx');
  void islands.then(({ mountLoginIslands }) => mountLoginIslands());
});

// The form's toasts (a failed lockout check, the lockout itself) need a toaster; it is no part of the first paint.
const mountToaster = () => void import('../prerendered/toaster.tsx').then((m) => m.mountPageToaster());
if (document.readyState === 'complete') mountToaster();
else window.addEventListener('load', mountToaster, { once: true });
