// Public API of the biometric consent feature (issue 42): the consent screen before the
// verification video is recorded, the Profile Settings section that withdraws it, the
// public retention policy page and the privacy policy's section about it.

export { BiometricPolicyPage } from './components/biometric-policy-page';
export { BiometricConsentScreen } from './components/consent-screen';
export { BiometricConsentSetting } from './components/consent-setting';
export { BiometricPolicySection } from './components/policy-section';
