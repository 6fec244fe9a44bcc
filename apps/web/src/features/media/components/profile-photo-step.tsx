// Onboarding step 10 (accounts §2, §5): the slot-1 profile photo, which must show the
// member's face. Uploads into display order 1, then hands control back to the wizard.
import { useMediaText } from '../i18n';
import { PhotoPicker } from './photo-picker';
import './media-steps.css';

export function ProfilePhotoStep({ onDone }: { onDone: () => void }) {
  const t = useMediaText();
  return (
    <section className="media-step" aria-labelledby="profile-photo-title">
      <header className="media-step__header">
        <h2 id="profile-photo-title" className="media-step__title">
          {t('photoStep.title')}
        </h2>
        <p className="media-step__lead">{t('photoStep.lead')}</p>
      </header>
      <PhotoPicker displayOrder={1} requireFace onUploaded={onDone} />
    </section>
  );
}
