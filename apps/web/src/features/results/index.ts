export { resultsKey } from './api/get-results';
export { ResultsPage } from './components/results-page';
