/** Spec §9: "Welcome back, {first name}", the first word of the full name, or "there". */
export function firstName(fullName: string | null | undefined): string {
  return fullName?.trim().split(/\s+/)[0] || 'there';
}

export function greeting(fullName: string | null | undefined): string {
  return `Welcome back, ${firstName(fullName)}`;
}
