import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ExportSection } from '../../features/export/components/ExportSection.tsx';
import { ImportBatches } from '../../features/import/components/ImportBatches.tsx';
import { ImportSection } from '../../features/import/components/ImportSection.tsx';
import { isPrivateUnlocked } from '../../lib/encryption/private-entry-key.ts';
import { fetchPrivateModeStatus } from '../../lib/private-keys/api.ts';
import { useSession } from '../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The browser-side export and import (fflate, the archive reader) load only for a private-mode account. */
const PrivateExportSection = lazy(() =>
  import('../../features/export/components/PrivateExportSection.tsx').then((m) => ({
    default: m.PrivateExportSection,
  })),
);
const PrivateImportSection = lazy(() =>
  import('../../features/import/components/PrivateImportSection.tsx').then((m) => ({
    default: m.PrivateImportSection,
  })),
);

/**
 * /export and /data-export ("Data & Export" in the user menu), where two features meet: take the journal out as an
 * open archive (features/export), bring entries in below it and see or remove each import (features/import, ADR 035,
 * ADR 068). A private-mode account (ADR 094) exports and imports in this browser instead
 * (ADR 099), once its journal is unlocked here; the server cannot read it.
 */
export default function ExportRoute() {
  useDocumentTitle('Data & Export');
  const { user } = useSession();
  const status = useQuery({
    queryKey: ['private-mode-status', user?.id ?? ''],
    queryFn: ({ signal }) => fetchPrivateModeStatus(signal),
    enabled: Boolean(user),
    retry: false,
  });
  // An answer that does not come keeps the server path, which refuses a private account with its own message.
  const isPrivate = status.data?.isSetUp === true;
  const isUnlocked = isPrivate && isPrivateUnlocked(user?.id);

  let sections: ReactNode;
  const loading = (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
  if (!user || status.isPending) sections = loading;
  else if (isPrivate && user && isUnlocked)
    sections = (
      <Suspense fallback={loading}>
        <PrivateExportSection userId={user.id} accountZone={user.timezone} />
        <PrivateImportSection userId={user.id} accountZone={user.timezone} />
      </Suspense>
    );
  else if (isPrivate)
    sections = (
      <Alert role="status">
        <p className="flex items-center gap-2 font-medium">
          <Lock aria-hidden="true" className="size-4" />
          Unlock your journal to export or import
        </p>
        <p>
          Your journal is in private mode: this browser opens your entries to build an export and encrypts an
          import before it is sent. Unlock it with your passphrase, then come back here.
        </p>
      </Alert>
    );
  else
    sections = (
      <>
        <ExportSection />
        <ImportSection />
      </>
    );

  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold sm:text-4xl">Data &amp; Export</h1>
        <p className="text-sm text-muted-foreground">
          Your words are yours: take them with you, or bring them in.
        </p>
      </div>
      {sections}
      <ImportBatches />
    </div>
  );
}
