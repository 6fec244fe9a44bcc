// After the last step (accounts §2): the teaser video plays when one is configured, with a
// Skip button 8 seconds into playback; then the member goes to the stored referrer's page
// (clearing it) or to /referral flagged as coming from onboarding.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { authStorage } from '@/lib/auth-storage';
import { useOnboardingText } from '../i18n';

/** No teaser is configured for this product; set a same-origin URL to play one. */
export const TEASER_VIDEO_SRC: string | null = null;
const SKIP_AFTER_MS = 8000;

export function OnboardingFinish({ teaserSrc = TEASER_VIDEO_SRC }: { teaserSrc?: string | null }) {
  const navigate = useNavigate();
  const left = useRef(false);
  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    const referrer = authStorage.getReferral();
    if (referrer) {
      authStorage.clearReferral();
      navigate(`/${encodeURIComponent(referrer)}`, { replace: true });
    } else {
      navigate('/referral', { replace: true, state: { fromOnboarding: true } });
    }
  }, [navigate]);

  useEffect(() => {
    if (!teaserSrc) leave();
  }, [teaserSrc, leave]);

  return teaserSrc ? <TeaserVideo src={teaserSrc} onEnd={leave} /> : null;
}

function TeaserVideo({ src, onEnd }: { src: string; onEnd: () => void }) {
  const t = useOnboardingText();
  const [canSkip, setCanSkip] = useState(false);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setCanSkip(true), SKIP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [playing]);
  return (
    <div className="ob-teaser">
      <video
        className="ob-teaser__video"
        src={src}
        autoPlay
        muted
        playsInline
        onPlay={() => setPlaying(true)}
        onEnded={onEnd}
        onError={onEnd}
      />
      {canSkip ? (
        <Button variant="secondary" size="md" className="ob-teaser__skip" onClick={onEnd}>
          {t('finish.skip')}
        </Button>
      ) : null}
    </div>
  );
}
