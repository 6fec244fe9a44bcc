// Public API of the onboarding feature: the profile set-up wizard.
export { OnboardingWizard } from './components/onboarding-wizard';
