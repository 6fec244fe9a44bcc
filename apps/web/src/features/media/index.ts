// Media feature: profile photo upload (onboarding step 10), the face verification
// widget (step 11), the face-model preload (step 7) and the settings photo slots.
export { PhotoSlots } from './components/photo-slots';
export { ProfilePhotoStep } from './components/profile-photo-step';
export { VerificationStep } from './components/verification-step';
export { preloadFaceModel } from './lib/face-model';
