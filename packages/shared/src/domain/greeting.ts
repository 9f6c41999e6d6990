/** docs/product/dashboard.md#dashboard-layout: "Welcome back, {first name}", the first word of the full name, or "there". */
export function firstName(fullName: string | null | undefined): string {
  return fullName?.trim().split(/\s+/)[0] || 'there';
}

/**
 * The dashboard's greeting: docs/product/dashboard.md#dashboard-layout's "Welcome back, {first name}", except on a first visit (a journal with no
 * entry yet), where "back" would be untrue: "Welcome, {first name}" (ADR 062).
 */
export function greeting(
  fullName: string | null | undefined,
  options: { isFirstVisit?: boolean } = {},
): string {
  return `${options.isFirstVisit ? 'Welcome' : 'Welcome back'}, ${firstName(fullName)}`;
}
