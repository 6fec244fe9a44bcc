// What other modules use of dates: a block ends the pair's plans and shared links in its
// own transaction; an inbound STOP stops the texts to a trusted contact's number.
export { recordContactOptOut } from './contact-texts';
export { endDatesBetween } from './date-plans.repository';
