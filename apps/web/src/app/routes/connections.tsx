// /connections, /connections/{userId} and ?connectionId=: the member's connections, that
// member's or that connection first. Chat opens from an accepted connection; until the
// chat ships it opens the menu's Chat panel, which says what will appear there.
import { idParam } from '@bidboard/shared';
import { Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FeedMessage } from '@/components/ui/feed';
import { Screen } from '@/components/ui/screen';
import { CONNECTION_TEXT, ConnectionsPage } from '@/features/connections';
import { UpcomingPanel } from '@/features/menu';

const idOrNull = (value: string | null | undefined) => {
  const parsed = idParam.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
};

export function ConnectionsRoute() {
  const { userId } = useParams();
  const [search] = useSearchParams();
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <Screen>
      <Suspense fallback={<FeedMessage>{CONNECTION_TEXT.loading}</FeedMessage>}>
        <ConnectionsPage
          pinPartnerId={idOrNull(userId)}
          pinConnectionId={idOrNull(search.get('connectionId'))}
          onOpenChat={() => setChatOpen(true)}
        />
      </Suspense>
      <UpcomingPanel panel={chatOpen ? 'chat' : null} onClose={() => setChatOpen(false)} />
    </Screen>
  );
}
