// Public API of the payouts feature (issue 43): the Profile Settings section (payee profile,
// the year's payouts, the statement) and the redemption screen's note on the identity hold.
export { PayoutsSetting } from './components/payouts-setting';
export { RedemptionPayoutsNote } from './components/redemption-payouts-note';
