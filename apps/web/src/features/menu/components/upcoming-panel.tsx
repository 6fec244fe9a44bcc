// Overlays opened from the menu whose capability ships later (chat, alerts, settings):
// the panel names what will appear and shows no invented data.
import { Dialog } from '@/components/ui/sheet';

export type UpcomingPanelKey = 'chat' | 'alerts' | 'profile' | 'notifications';

const PANELS: Record<UpcomingPanelKey, { title: string; description: string }> = {
  chat: {
    title: 'Chat',
    description: 'Conversations with your accepted connections will appear here.',
  },
  alerts: {
    title: 'Alerts',
    description: 'Outbid notices and connection updates will appear here.',
  },
  profile: {
    title: 'Profile Settings',
    description: 'Your photos, bio and dating preferences will be editable here.',
  },
  notifications: {
    title: 'Notification Settings',
    description: 'Browser and SMS notification switches will appear here.',
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
