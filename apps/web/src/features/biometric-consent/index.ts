// Public API of the biometric consent feature (issue 42): the consent screen before the
// verification video is recorded, and the Profile Settings section that withdraws it.
export { BiometricConsentScreen } from './components/consent-screen';
export { BiometricConsentSetting } from './components/consent-setting';
