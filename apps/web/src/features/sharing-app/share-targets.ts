import { APP_NAME } from '@daybook/shared';

export type ShareTargetId = 'facebook' | 'whatsapp' | 'instagram' | 'gmail' | 'twitter' | 'linkedin';

export type ShareTarget = {
  id: ShareTargetId;
  label: string;
  /** Outbound share page; absent for Instagram, which has no web share link (we copy instead). */
  href?: string;
};

export const SHARE_MESSAGE = `I've been keeping a private, encrypted journal with ${APP_NAME}. Take a look:`;

export function buildShareTargets(url: string, message: string = SHARE_MESSAGE): ShareTarget[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(message);
  const subject = encodeURIComponent(`Have a look at ${APP_NAME}`);
  const body = encodeURIComponent(`${message} ${url}`);
  return [
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${body}` },
    { id: 'instagram', label: 'Instagram' },
    {
      id: 'gmail',
      label: 'Gmail',
      href: `https://mail.google.com/mail/?view=cm&fs=1&su=${subject}&body=${body}`,
    },
    { id: 'twitter', label: 'Twitter', href: `https://twitter.com/intent/tweet?text=${text}&url=${u}` },
    { id: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
