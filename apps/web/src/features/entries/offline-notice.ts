/** Shown in the quick entry card while offline (ADR 041); the rest of what offline writing says loads with it. */
export const OFFLINE_NOTICE =
  "You're offline. Entries you save are kept on this device, encrypted, and sent when you're back online. Photos, voice notes and videos can't be added offline.";

/**
 * Said once above the list when it comes from this browser's encrypted copy (ADR 084), in place of an error: the
 * entries this device has kept from earlier visits, with the media last opened on it (ADR 093: kept within a
 * bound, least recently used out first), without the other media or what changed elsewhere since.
 */
export const OFFLINE_COPY_NOTICE =
  "You're offline. These are the entries kept on this device, encrypted, from your earlier visits, with the photos, voice notes and videos you last opened here. Others, and anything changed since, appear when you're back online.";
