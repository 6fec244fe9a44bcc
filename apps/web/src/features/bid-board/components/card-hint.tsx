// First-visit hint: a card first shows photos only; a tap or a swipe moves on to the
// profile slide and the bidding slide (marketplace §2 Auction card). Shown on the first
// visit to the board until the member dismisses it; never again after that visit.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useBoardText } from '../i18n';

export const CARD_HINT_SEEN_KEY = 'bidboard:card-hint-seen';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(CARD_HINT_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

export function CardHint() {
  const t = useBoardText();
  const [shown, setShown] = useState(() => !seenBefore());

  useEffect(() => {
    if (!shown) return;
    try {
      localStorage.setItem(CARD_HINT_SEEN_KEY, '1');
    } catch {
      // Private mode without storage: the hint then shows on every visit, which is harmless.
    }
  }, [shown]);

  if (!shown) return null;
  return (
    <aside className="card-hint" aria-label={t('hint.label')}>
      <p>{t('hint.text')}</p>
      <Button size="md" variant="secondary" onClick={() => setShown(false)}>
        {t('hint.dismiss')}
      </Button>
    </aside>
  );
}
