import { NotFoundView } from '../components/ui/not-found.tsx';

export default function NotFoundPage() {
  return <NotFoundView />;
}
