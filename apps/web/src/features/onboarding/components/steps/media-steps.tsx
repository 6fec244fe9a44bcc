// Steps 10 (profile photo) and 11 (face verification) belong to the media feature. They
// load on demand so the uploader and the face model stay out of the wizard's first load.
import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy';
import { useOnboardingText } from '../../i18n';

// Through the chunk guard, so the media feature's catalogue is there before it draws.
const ProfilePhotoStep = lazyComponent(() =>
  import('@/features/media').then((media) => media.ProfilePhotoStep),
);
const VerificationStep = lazyComponent(() =>
  import('@/features/media').then((media) => media.VerificationStep),
);

/** Starts loading the face-detection model while the member answers the next steps. */
export function preloadFaceModel(): void {
  void import('@/features/media')
    .then((media) => media.preloadFaceModel())
    .catch(() => {
      // The verification step loads it again when it opens.
    });
}

function Loading() {
  const t = useOnboardingText();
  return <div className="ob-media-loading" role="status" aria-label={t('wizard.loading')} />;
}

export function PhotoStep({ onDone }: { onDone: () => void }) {
  return (
    <Suspense fallback={<Loading />}>
      <ProfilePhotoStep onDone={onDone} />
    </Suspense>
  );
}

export function FaceVerificationStep({ onDone }: { onDone: () => void }) {
  return (
    <Suspense fallback={<Loading />}>
      <VerificationStep onDone={onDone} />
    </Suspense>
  );
}
