import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

type SettingsSectionProps = {
  /** The anchor: /profile#<id> scrolls here. */
  id: string;
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
};

export function SettingsSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: SettingsSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className={cn('flex flex-col gap-5 p-5 sm:p-6', tone === 'danger' && 'border-destructive/50')}>
        <div className="flex flex-col gap-1">
          <h2
            id={`${id}-title`}
            className={cn('text-xl font-semibold', tone === 'danger' && 'text-destructive')}
          >
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </Card>
    </section>
  );
}
