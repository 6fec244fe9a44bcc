// Public API of the Privacy Center (issue 42): the screen at /privacy-center.
export { PrivacyCenterPage } from './components/privacy-center-page';
