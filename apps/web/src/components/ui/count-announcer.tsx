import { useEffect, useRef, useState } from 'react';

/**
 * Tells screen readers when a badge's count goes up while the page is open ("3 unread notifications"), which
 * sighted people see as the badge changing. The first count a page loads with is not announced: it is in the
 * button's name already, and a page that speaks on load is noise.
 */
export function CountAnnouncer({ count, label }: { count: number | null; label: (count: number) => string }) {
  const previous = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (count === null) return;
    if (previous.current !== null && count > previous.current) setAnnouncement(label(count));
    previous.current = count;
  }, [count, label]);
  return (
    <span role="status" className="sr-only">
      {announcement}
    </span>
  );
}
