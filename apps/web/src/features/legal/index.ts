// Public API of the legal feature.
export { LegalPage } from './components/legal-page';
export { POLICY } from './content/policy';
export { TERMS } from './content/terms';
