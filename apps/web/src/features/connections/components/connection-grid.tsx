// The alternative list view (marketplace §2): a compact grid, one tile per connection with
// the first photo, the name and the status; a tile opens that connection's card.
import type { Connection } from '@bidboard/shared';
import { useConnectionsText } from '../i18n';
import { cardLabel } from '../lib/connection-view';

export function ConnectionGrid({
  connections,
  onOpen,
}: {
  connections: Connection[];
  onOpen: (connection: Connection) => void;
}) {
  const t = useConnectionsText();
  return (
    <ul className="connection-grid">
      {connections.map((c) => {
        const username = c.partner.username ?? t('card.member');
        const photo = c.partner.profile_picture_1;
        return (
          <li key={c.id}>
            <button type="button" className="connection-tile" onClick={() => onOpen(c)}>
              {photo ? (
                <img className="connection-tile__photo" src={photo} alt="" loading="lazy" />
              ) : (
                <span
                  className="connection-tile__photo connection-tile__initial"
                  aria-hidden="true"
                >
                  {username.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="connection-tile__name">{username}</span>
              <span className="connection-tile__status">{t(cardLabel(c))}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
