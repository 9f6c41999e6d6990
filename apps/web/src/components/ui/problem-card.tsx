import { OctagonExclamationPoint } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card } from './card.tsx';

type ProblemCardProps = Omit<ComponentProps<typeof Card>, 'title'> & {
  title: string;
  description: ReactNode;
  /** Details and the ways out (buttons), below the description. */
  children?: ReactNode;
};

/** A page-sized card saying something went wrong: an icon, the title as the page's heading, what to do. */
export function ProblemCard({ title, description, children, ...props }: ProblemCardProps) {
  return (
    <div className="page-container py-16 sm:py-24">
      <Card className="mx-auto flex max-w-xl flex-col gap-5 p-6 sm:p-8" {...props}>
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <OctagonExclamationPoint aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
          {description}
        </div>
        {children}
      </Card>
    </div>
  );
}
