/** Where the public navigation goes; hash links scroll to landing-page sections. */
export const PUBLIC_NAV_LINKS = [
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/help-contact', label: 'Help & Support' },
] as const;
