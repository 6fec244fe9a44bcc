// Public API of the referral feature: the invite page (and its prelaunch variant).

export { InviteLanding } from './components/invite-landing';
export { ReferralPage } from './components/referral-page';
