// Public API of the dates feature (issue 45): the date plan panel of a conversation, the
// countdown in its header and the page Share My Date's link opens.
// Import it lazily: it is no part of a first paint.
export { DateCountdown } from './components/date-countdown';
export { DatePlanPanel } from './components/date-plan-panel';
export { SharedDatePage } from './components/shared-date-page';
