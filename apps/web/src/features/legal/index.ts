// Public API of the legal feature.
export { LegalPage } from './components/legal-page';
export { TermsPage } from './components/terms-page';
export { POLICY } from './content/policy';
