/** Shown in the quick entry card while offline (ADR 041); the rest of what offline writing says loads with it. */
export const OFFLINE_NOTICE =
  "You're offline. Entries you save are kept on this device, encrypted, and sent when you're back online. Photos, voice notes and videos can't be added offline.";
