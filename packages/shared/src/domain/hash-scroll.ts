import { HASH_SCROLL } from '../constants.ts';

/** Where to scroll so a section lands just below a fixed header (spec: header height + 32). */
export function hashScrollTop(sectionTopInDocument: number, headerHeight: number): number {
  return Math.max(0, sectionTopInDocument - headerHeight - HASH_SCROLL.extraOffsetPx);
}
