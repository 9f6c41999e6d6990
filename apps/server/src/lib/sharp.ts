import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | null = null;

/**
 * sharp (libvips and its thread pool) on first use rather than at start: a server that has not handled an
 * image yet does not hold it (ADR 043, idle memory).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
