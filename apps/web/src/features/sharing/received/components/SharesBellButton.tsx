import { Inbox } from 'lucide-react';
import type { ComponentProps } from 'react';
import { CountButton } from '../../../../components/ui/count-button.tsx';

export const sharesBellLabel = (unviewed: number) =>
  unviewed > 0 ? `${unviewed} new shared reflection${unviewed === 1 ? '' : 's'}` : 'Shared with you';

type BellButtonProps = Omit<ComponentProps<typeof CountButton>, 'icon' | 'count' | 'label'> & {
  unviewed: number;
};

export function SharesBellButton({ unviewed, ...props }: BellButtonProps) {
  return <CountButton icon={Inbox} count={unviewed} label={sharesBellLabel(unviewed)} {...props} />;
}
