import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';
import { ImportSection } from '../components/ImportSection.tsx';

export default function ExportPage() {
  return (
    <>
      <FeatureUnavailable title="Data & Export" />
      <ImportSection />
    </>
  );
}
