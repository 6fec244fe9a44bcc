// Onboarding step 10 (accounts §2, §5): the slot-1 profile photo, which must show the
// member's face. Uploads into display order 1, then hands control back to the wizard.
import { PhotoPicker } from './photo-picker';
import './media-steps.css';

export function ProfilePhotoStep({ onDone }: { onDone: () => void }) {
  return (
    <section className="media-step" aria-labelledby="profile-photo-title">
      <header className="media-step__header">
        <h2 id="profile-photo-title" className="media-step__title">
          Add your profile picture
        </h2>
        <p className="media-step__lead">
          Your first photo must include your face. Good light, no sunglasses, just you.
        </p>
      </header>
      <PhotoPicker displayOrder={1} requireFace onUploaded={onDone} />
    </section>
  );
}
