/**
 * A reason, worded for the person, why a file or device cannot be used (e.g. "Failed to load audio
 * file"): the media helpers throw it, and the attach panel shows its message as it is.
 */
export class MediaProblem extends Error {
  override readonly name = 'MediaProblem';
}

/** The message to show for a failure of the media helpers; `fallback` for anything unexpected. */
export function mediaProblemMessage(error: unknown, fallback: string): string {
  return error instanceof MediaProblem ? error.message : fallback;
}
