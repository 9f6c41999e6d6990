import { LoginHelper } from '../../features/auth/components/LoginHelper.tsx';
import { DocumentRouter } from '../prerendered/document-router.tsx';
import { FRAME_ISLANDS } from '../prerendered/frame-islands.tsx';
import {
  hydrateIsland,
  type IslandMount,
  mountIslands,
  renderIsland,
} from '../prerendered/mount-islands.tsx';

/** The form's chunk (login/main.tsx has already asked for it, so it downloaded alongside this one). */
export const loadFormIsland = () => import('./form-island.tsx');

const mountForm: IslandMount = (element, name) =>
  void loadFormIsland().then(({ LoginFormIsland }) => hydrateIsland(<LoginFormIsland />)(element, name));

/**
 * The prerendered login page's islands (ADR 049): the header's and footer's, the form, hydrated over its markup
 * (its links and its way on after signing in are page loads, `DocumentRouter`), and "Can't log in?", which
 * renders nothing until its 10 seconds are up.
 */
export function mountLoginIslands(): void {
  mountIslands(
    {
      ...FRAME_ISLANDS,
      'login-form': mountForm,
      'login-helper': renderIsland(
        <DocumentRouter>
          <LoginHelper />
        </DocumentRouter>,
      ),
    },
    'login.html',
  );
}
