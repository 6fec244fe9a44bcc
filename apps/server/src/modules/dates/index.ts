// What other modules use of dates: a block ends the pair's plans and shared links in its
// own transaction.
export { endDatesBetween } from './date-plans.repository';
