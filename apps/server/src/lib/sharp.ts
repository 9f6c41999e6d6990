import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | null = null;

/**
 * sharp (libvips and its thread pool) on first use rather than at start: a server that has not handled an
 * image yet does not hold it (ADR 043, idle memory).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => {
    // libvips keeps the last 100 operations, with their decoded pixels (up to 50 MB) and up to 20 input files
    // mapped, to answer a repeat at once. Every image here is handled once (an upload, an import's photo, an
    // avatar), so the cache never answers and only holds memory after use, the files mapped after their deletion
    // (ADR 092).
    module.default.cache(false);
    return module.default;
  });
  return loading;
}
