import type { MediaKind } from '@daybook/shared';
import { Image, Mic, Video } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { type AttachPipeline, useAttachPipeline } from '../hooks/use-attach-pipeline.ts';
import { type MediaFlags, mediaFlags } from '../media-flags.ts';
import type { AttachMediaControlProps } from '../types.ts';
import { AttachedMediaPreview } from './AttachedMediaPreview.tsx';
import { ImageTab } from './ImageTab.tsx';
import { MediaTabs, type TabItem } from './MediaTabs.tsx';
import { PipelineStatus } from './PipelineStatus.tsx';
import { RecordableTab } from './RecordableTab.tsx';
import { ResponsivePanel } from './ResponsivePanel.tsx';

export const ATTACH_MEDIA_TITLE = 'Attach media';
export const NOT_IN_PLAN = 'Not included in your plan';

const TAB_ORDER: readonly MediaKind[] = ['image', 'audio', 'video'];
const TAB_LABEL: Record<MediaKind, string> = { image: 'Image', audio: 'Audio', video: 'Video' };
const TAB_ICON = { image: Image, audio: Mic, video: Video } as const;
/** When the plan cannot be read, every tab is offered: the server refuses what the plan excludes. */
const ALL_ON: MediaFlags = { image: true, audio: true, video: true };

export type AttachMediaPanelProps = AttachMediaControlProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function useBusyReport(isBusy: boolean, onBusyChange: AttachMediaControlProps['onBusyChange']) {
  const report = useRef(onBusyChange);
  report.current = onBusyChange;
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current === isBusy) return;
    reported.current = isBusy;
    report.current?.(isBusy);
  }, [isBusy]);
  useEffect(
    () => () => {
      if (reported.current) report.current?.(false);
    },
    [],
  );
}

/**
 * docs/product/media.md#media-attach-panel: tabs Image, Audio and Video (each disabled when the plan excludes it), each
 * with a file picker and a camera or recorder; the chosen file is checked, moderated and uploaded as a draft.
 * One attachment per entry: once attached it shows that file with "Remove". The caller renders the button
 * that opens it (or uses `AttachMediaButton`). An upload carries on when the panel is closed.
 */
export function AttachMediaPanel({
  open,
  onOpenChange,
  attachment,
  onAttached,
  onCleared,
  onBusyChange,
  layerAttribute,
}: AttachMediaPanelProps) {
  const features = usePlanFeatures();
  const flags = features.data ? mediaFlags(features.data) : features.isError ? ALL_ON : null;
  const pipeline = useAttachPipeline({ onAttached });
  const [chosenTab, setChosenTab] = useState<MediaKind | null>(null);
  const [isRecording, setIsRecording] = useState(false);
  useBusyReport(pipeline.isBusy || isRecording, onBusyChange);

  const firstAllowed = flags ? (TAB_ORDER.find((kind) => flags[kind]) ?? 'image') : 'image';
  const tab = chosenTab && flags?.[chosenTab] ? chosenTab : firstAllowed;
  const { dismiss } = pipeline;

  const onTabChange = useCallback(
    (next: MediaKind) => {
      setChosenTab(next);
      dismiss();
    },
    [dismiss],
  );

  const remove = () => {
    dismiss();
    onCleared();
  };

  const tabs: TabItem<MediaKind>[] = TAB_ORDER.map((kind) => ({
    value: kind,
    label: TAB_LABEL[kind],
    Icon: TAB_ICON[kind],
    disabledReason: flags && !flags[kind] ? NOT_IN_PLAN : null,
  }));

  return (
    <ResponsivePanel
      open={open}
      onOpenChange={onOpenChange}
      title={ATTACH_MEDIA_TITLE}
      description="Add one image, audio clip or video to this reflection."
      isPinned={isRecording}
      layerAttribute={layerAttribute}
    >
      {attachment && !pipeline.isBusy ? (
        <div className="flex flex-col gap-4">
          <AttachedMediaPreview preview={attachment.preview} onRemove={remove} />
          <PipelineStatus pipeline={pipeline} />
          <Button className="self-end" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      ) : !flags ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading your plan…</span>
          <Skeleton className="h-11" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <MediaTabs label="Media type" tabs={tabs} value={tab} onValueChange={onTabChange}>
          <TabContent kind={tab} pipeline={pipeline} onRecordingChange={setIsRecording} />
          <PipelineStatus pipeline={pipeline} />
        </MediaTabs>
      )}
    </ResponsivePanel>
  );
}

function TabContent({
  kind,
  pipeline,
  onRecordingChange,
}: {
  kind: MediaKind;
  pipeline: AttachPipeline;
  onRecordingChange: (isRecording: boolean) => void;
}) {
  const { run, dismiss } = pipeline;
  const onSource = useCallback(
    (source: Parameters<typeof run>[0]) => {
      void run(source);
    },
    [run],
  );
  const onCameraChange = useCallback(
    (isOpen: boolean) => {
      if (isOpen) dismiss();
      onRecordingChange(isOpen);
    },
    [dismiss, onRecordingChange],
  );
  if (kind === 'image') {
    return <ImageTab onSource={onSource} isBusy={pipeline.isBusy} onCameraChange={onCameraChange} />;
  }
  return (
    <RecordableTab
      key={kind}
      kind={kind}
      onSource={onSource}
      isBusy={pipeline.isBusy}
      onRecordingChange={onRecordingChange}
    />
  );
}
