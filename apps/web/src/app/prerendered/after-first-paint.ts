/**
 * Runs `callback` once the browser has painted the page's first frame: a frame's animation callbacks run just
 * before its paint, and a task queued from there runs after it. A prerendered page's islands start loading then
 * (ADR 049): on a slow connection their scripts would otherwise share it with the stylesheet and fonts the first
 * paint waits for, while the page they bring to life is already there as HTML. A tab opened in the background
 * paints, and so loads them, when it is first shown.
 */
export function afterFirstPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}
