// Public API of the referral feature: the invite page (and its prelaunch variant).
export { ReferralPage } from './components/referral-page';
