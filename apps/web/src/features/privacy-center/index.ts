// Public API of the Privacy Center (issue 42): the screen at /privacy-center, and the privacy
// policy's section naming the privacy officer.
export { PrivacyCenterPage } from './components/privacy-center-page';
export { PrivacyOfficerPolicySection } from './components/privacy-officer';
