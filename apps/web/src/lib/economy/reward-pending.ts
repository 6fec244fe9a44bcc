// A reward's part held for the settlement hold (product rules, The token economy), in the
// member's language: how many of its tokens wait, and until when, while the bidder's card
// purchase can still be refunded or charged back (a connection's card, a history line).
import { formatDate } from '@/lib/i18n/format';
import { useEconomyText } from './i18n';

export function useRewardPendingText(): (tokens: number, settlesAt: string) => string {
  const t = useEconomyText();
  return (tokens, settlesAt) =>
    t('pending.until', { count: tokens, date: formatDate(settlesAt, { dateStyle: 'medium' }) });
}
