// How an alert reads and where it leads (marketplace §2 Alerts panel, §4 Alerts).
import { type Alert, RESULTS_PATH } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import { format } from 'date-fns';
import { formatDate } from '@/lib/i18n/format';
import { currentLanguage } from '@/lib/i18n/i18n';

export const ALERT_DATE_FORMAT = 'MM/dd/yyyy - h:mm aaa';

/**
 * "03/07/2025 - 8:05 pm" in the viewer's time zone (the spec's), in French the date and the
 * 24-hour time as Quebec writes them ("2025-03-07 20 h 05"); '' when unreadable.
 */
export function alertDate(iso: string, language: Language = currentLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (language === 'en') return format(date, ALERT_DATE_FORMAT);
  return formatDate(date, { dateStyle: 'short', timeStyle: 'short' }, language);
}

function pick(payload: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      return String(value);
    }
  }
  return null;
}

/** Where a click on the alert goes: a path, 'close' (just close the panel), or null. */
export function alertDestination(alert: Pick<Alert, 'kind' | 'payload'>): string | 'close' | null {
  const p = alert.payload;
  const userId = pick(p, ['userId', 'user_id', 'partnerUserId']);
  const connectionId = pick(p, ['connectionId', 'connection_id', 'id']);
  // The partner's page, with the alert's own connection first: two members can hold several
  // connections (one per closed auction), and an unrelated one must not come first.
  const partnerPage = (fallback: string | null) => {
    if (!userId) return fallback;
    const pinned = pick(p, ['connectionId', 'connection_id']);
    return pinned ? `/connections/${userId}?connectionId=${pinned}` : `/connections/${userId}`;
  };
  switch (alert.kind) {
    // The outbid member goes back to the auction; the owner a bid was placed on, to their own.
    case 'outbid':
    case 'bid_received': {
      const username = pick(p, ['auctionCreatorUsername']);
      return username ? `/${encodeURIComponent(username)}` : null;
    }
    case 'auction_won':
      return partnerPage(null);
    case 'connection_accepted':
    case 'connection_rejected':
    case 'winning_bidder_connection_pending':
      return partnerPage('/connections');
    case 'connection_pending_reminder':
      if (connectionId) return `/connections?connectionId=${connectionId}`;
      return userId ? `/connections/${userId}` : null;
    case 'connection_expired':
    case 'account_approved':
      return '/';
    case 'connection_mutual':
      return userId && connectionId ? `/connections/${userId}?connectionId=${connectionId}` : null;
    case 'auction_result':
    case 'second_chance':
      return RESULTS_PATH;
    case 'connection_reward':
    case 'moderation_warning':
    case 'account_rejected':
      return 'close';
    default:
      return null;
  }
}
