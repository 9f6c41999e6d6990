import type { ExternalToast, toast as sonnerToast } from 'sonner';

export type { ExternalToast };

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * sonner (about 10 KB gzip) loads with the first toast, not with every page (ADR 076): most visits raise none.
 * Every toast of the app goes through `toast` below, which calls sonner at once once it is here, and after its
 * download the first time; the app's toaster (app/providers.tsx) mounts once sonner has loaded and shows the toast
 * raised before it (sonner replays the active toasts to a new subscriber). The service worker precaches the
 * chunk, so an offline toast still shows.
 */
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download is tried again with the next toast.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** sonner once it has loaded (for the toaster), else null; `subscribe` tells when it has. */
export const loadedToasts = {
  get: (): Sonner | null => sonner,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type ToastArgs = [message: Message, options?: ExternalToast];

function show(kind: Kind | null, args: ToastArgs): void {
  // The arguments as given: sonner tells a missing `options` from an undefined one no more than the tests do.
  const raise = (module: Sonner) => (kind ? module.toast[kind](...args) : module.toast(...args));
  if (sonner) raise(sonner);
  else loadToasts().then(raise, () => undefined);
}

/** sonner's `toast`, for the kinds the app raises. */
export const toast = Object.assign((...args: ToastArgs) => show(null, args), {
  success: (...args: ToastArgs) => show('success', args),
  error: (...args: ToastArgs) => show('error', args),
  info: (...args: ToastArgs) => show('info', args),
  warning: (...args: ToastArgs) => show('warning', args),
});
