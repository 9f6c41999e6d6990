/** Console output a test expects (e.g. React reporting an error the test throws on purpose). */
let allowedPatterns: RegExp[] = [];

export function allowConsoleOutput(pattern: RegExp): void {
  allowedPatterns.push(pattern);
}

export function isAllowedConsoleOutput(text: string): boolean {
  return allowedPatterns.some((pattern) => pattern.test(text));
}

export function resetAllowedConsoleOutput(): void {
  allowedPatterns = [];
}
