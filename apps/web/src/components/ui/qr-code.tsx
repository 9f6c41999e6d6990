import { useEffect, useState } from 'react';
import { Skeleton } from './skeleton.tsx';

/**
 * A QR code of `value`, drawn as an SVG image. The QR encoder (uqr) is loaded only here, when a set-up of two-step
 * sign-in or private mode's recovery key shows a code: no other page, and not the profile's first load, carries
 * it (ADR 075, 095). Import this module lazily for the same reason.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('uqr').then(({ renderSVG }) => {
      // Dark modules on white in both themes: authenticator apps read a light background best.
      const svg = renderSVG(value, { border: 2, whiteColor: '#ffffff', blackColor: '#000000' });
      if (isCurrent) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (!source) return <Skeleton className="size-48 rounded-lg" />;
  return <img src={source} alt={label} width={192} height={192} className="size-48 rounded-lg bg-white" />;
}
