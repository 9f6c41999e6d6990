import type { ConversationSummary } from '@daybook/shared';
import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { relativeTime } from '../../../lib/relative-time.ts';

type ConversationListProps = {
  label: string;
  conversations: readonly ConversationSummary[] | undefined;
  isLoading: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onDelete: (id: string) => void;
  isDeleting: boolean;
};

/** Earlier conversations, newest first, and "New conversation". */
export function ConversationList({
  label,
  conversations,
  isLoading,
  selectedId,
  onSelect,
  onDelete,
  isDeleting,
}: ConversationListProps) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2">
      <Button variant="outline" onClick={() => onSelect(null)} className="justify-start">
        <MessageSquarePlus aria-hidden="true" />
        New conversation
      </Button>
      {isLoading ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Loading conversations</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : conversations && conversations.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {conversations.map((conversation) => {
            const isSelected = conversation.id === selectedId;
            return (
              <li key={conversation.id} className="group flex items-center gap-1">
                <button
                  type="button"
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onSelect(conversation.id)}
                  className={cn(
                    'flex min-w-0 flex-1 flex-col rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    isSelected && 'bg-muted font-medium',
                  )}
                >
                  <span className="truncate">{conversation.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {relativeTime(conversation.updatedAt)}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete conversation "${conversation.title}"`}
                  disabled={isDeleting}
                  onClick={() => onDelete(conversation.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="px-1 text-sm text-muted-foreground">No conversations yet.</p>
      )}
    </nav>
  );
}
