// /connections, /connections/{userId} and ?connectionId=: the member's connections, that
// member's or that connection first. Chat on an accepted connection opens the chat
// overlay straight into the conversation with that partner.
import { idParam } from '@bidboard/shared';
import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FeedMessage } from '@/components/ui/feed';
import { Screen } from '@/components/ui/screen';
import { openChat } from '@/features/chat';
import { ConnectionsPage, useConnectionsText } from '@/features/connections';

const idOrNull = (value: string | null | undefined) => {
  const parsed = idParam.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
};

export function ConnectionsRoute() {
  const { userId } = useParams();
  const [search] = useSearchParams();
  const t = useConnectionsText();
  return (
    <Screen>
      <Suspense fallback={<FeedMessage>{t('list.loading')}</FeedMessage>}>
        <ConnectionsPage
          pinPartnerId={idOrNull(userId)}
          pinConnectionId={idOrNull(search.get('connectionId'))}
          onOpenChat={(connection) => openChat(connection.partner.id)}
        />
      </Suspense>
    </Screen>
  );
}
