const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** "512 bytes", "1.4 MB", "1.0 GB": sizes as people read them (1 KB = 1,024 bytes, like file browsers). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * Percent of an archive received. The expected size is an estimate (ADR 035), so the bar stops at 99 until the
 * download really ends, and never goes backwards when the archive runs larger than expected.
 */
export function progressPercent(receivedBytes: number, expectedBytes: number): number {
  if (expectedBytes <= 0) return 0;
  return Math.min(99, Math.floor((receivedBytes / expectedBytes) * 100));
}
