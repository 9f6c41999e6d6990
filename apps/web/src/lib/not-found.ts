/**
 * Thrown by a page whose subject does not exist for this visitor (the admin area to anyone but an administrator):
 * the router's error screen shows the "Page not found" page for it, the same one an unknown address gets.
 */
export class PageNotFoundError extends Error {
  override readonly name = 'PageNotFoundError';
  constructor() {
    super('Page not found');
  }
}
