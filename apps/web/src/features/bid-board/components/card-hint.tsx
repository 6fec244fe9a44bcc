// First-visit hint: a card first shows photos only; a tap or a swipe moves on to the
// profile slide and the bidding slide (marketplace §2 Auction card). Shown on the first
// visit to the board until the member dismisses it; never again after that visit.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

export const CARD_HINT_SEEN_KEY = 'bidboard:card-hint-seen';
export const CARD_HINT_TEXT = 'Tap or swipe a card to see the profile and place your bid.';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(CARD_HINT_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

export function CardHint() {
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
    <aside className="card-hint" aria-label="How cards work">
      <p>{CARD_HINT_TEXT}</p>
      <Button size="md" variant="secondary" onClick={() => setShown(false)}>
        Got it
      </Button>
    </aside>
  );
}
