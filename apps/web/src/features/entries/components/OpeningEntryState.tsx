import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { EncryptionUnavailableAlert } from './EncryptionUnavailableAlert.tsx';
import { RetryAlert } from './RetryAlert.tsx';

type EntryQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * What a page that opens one entry shows until the entry is there to show: the browser cannot decrypt, the key
 * failed, a skeleton while it loads, or why it could not be loaded (`notFound` when the server has no such entry
 * for this person, which no retry changes). Null once the entry has arrived.
 */
export function openingEntryState(
  cipher: ReturnType<typeof useEntryCipher>,
  entry: EntryQuery,
  notFound: string,
): ReactNode | null {
  if (!cipher.support.isAvailable) return <EncryptionUnavailableAlert support={cipher.support} />;
  if (cipher.key.isError) {
    return (
      <RetryAlert
        message={`This entry could not be unlocked. ${cipher.key.error.message}`}
        onRetry={() => void cipher.key.refetch()}
      />
    );
  }
  if (entry.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading the entry…</span>
        <Skeleton className="h-40 rounded-card" />
      </div>
    );
  }
  if (entry.isError) {
    const isNotFound = entry.error instanceof ApiRequestError && entry.error.status === 404;
    return (
      <RetryAlert
        message={isNotFound ? notFound : `This entry could not be loaded. ${entry.error?.message ?? ''}`}
        onRetry={isNotFound ? undefined : () => void entry.refetch()}
      />
    );
  }
  return null;
}

/** The way back from a page that opens one entry. */
export function BackToDashboard() {
  return (
    <Button asChild variant="outline" className="self-start">
      <Link to="/dashboard">
        <ArrowLeft aria-hidden="true" />
        Back to dashboard
      </Link>
    </Button>
  );
}
