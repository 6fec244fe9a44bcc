// Public API of the legal feature.
export { LegalPage } from './components/legal-page';
export { PolicyPage } from './components/policy-page';
export { TermsPage } from './components/terms-page';
