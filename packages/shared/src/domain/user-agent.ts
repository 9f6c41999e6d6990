/** A short, human name for the device behind a User-Agent header, e.g. "Firefox on Windows". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = browserName(userAgent);
  const system = systemName(userAgent);
  if (!browser && !system) return 'Unknown device';
  if (!system) return browser ?? 'Unknown device';
  return `${browser ?? 'Browser'} on ${system}`;
}

function browserName(ua: string): string | undefined {
  if (/Edg(A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(ua)) return /HeadlessChrome/.test(ua) ? 'Headless Chrome' : 'Chrome';
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return 'Safari';
  return undefined;
}

function systemName(ua: string): string | undefined {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return undefined;
}
