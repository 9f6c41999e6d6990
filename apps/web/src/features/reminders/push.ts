import type { PushSubscriptionInput } from '@daybook/shared';

/*
 * This browser's side of Web Push. The service worker (the PWA's) shows the pushes: it loads
 * /reminder-push-sw.js with importScripts (ADR 042). Here we only ask for permission and subscribe.
 */

/** Whether this browser can receive Web Push at all (and the page is in a secure context, which push needs). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export const PUSH_MESSAGES = {
  denied:
    'Notifications are blocked for Daybook in this browser. Allow them in the site settings, then try again.',
  noWorker: 'Push notifications need the installed app’s background service. Reload the page and try again.',
  failed: 'This browser could not subscribe to push notifications. E-mail and in-app reminders still work.',
} as const;

export class PushSetupError extends Error {
  override name = 'PushSetupError';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission (on the user's click) and subscribes this browser with the server's VAPID key. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(PUSH_MESSAGES.denied);
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushSetupError(PUSH_MESSAGES.noWorker);
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    return subscription.toJSON() as PushSubscriptionInput;
  } catch {
    throw new PushSetupError(PUSH_MESSAGES.failed);
  }
}
