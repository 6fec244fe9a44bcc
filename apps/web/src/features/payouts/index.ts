// Public API of the payouts feature (issue 43): the Profile Settings section (payee profile,
// the year's payouts, the statement), the redemption screen's note on the identity hold and
// the privacy policy's payee records section.

export { PayeePolicySection } from './components/payee-policy-section';
export { PayoutsSetting } from './components/payouts-setting';
export { RedemptionPayoutsNote } from './components/redemption-payouts-note';
