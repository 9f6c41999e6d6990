import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ExportSection } from '../components/ExportSection.tsx';
import { ImportBatches } from '../components/ImportBatches.tsx';
import { ImportSection } from '../components/ImportSection.tsx';

/**
 * /export and /data-export ("Data & Export" in the user menu): take the journal out as an open archive
 * (ExportSection), bring entries in below it (the Import section, ADR 035), and see or remove each import
 * (ImportBatches, ADR 068).
 */
export default function ExportPage() {
  useDocumentTitle('Data & Export');
  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold sm:text-4xl">Data &amp; Export</h1>
        <p className="text-sm text-muted-foreground">
          Your words are yours: take them with you, or bring them in.
        </p>
      </div>
      <ExportSection />
      <ImportSection />
      <ImportBatches />
    </div>
  );
}
