// Overlays opened from the menu whose capability ships later (chat):
// the panel names what will appear and shows no invented data.
import { Dialog } from '@/components/ui/sheet';

export type UpcomingPanelKey = 'chat';

const PANELS: Record<UpcomingPanelKey, { title: string; description: string }> = {
  chat: {
    title: 'Chat',
    description: 'Conversations with your accepted connections will appear here.',
  },
};

export function UpcomingPanel({
  panel,
  onClose,
}: {
  panel: UpcomingPanelKey | null;
  onClose: () => void;
}) {
  const content = panel ? PANELS[panel] : null;
  return (
    <Dialog
      open={content !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={content?.title ?? ''}
      description={content?.description}
      className="upcoming-panel"
    >
      {null}
    </Dialog>
  );
}
