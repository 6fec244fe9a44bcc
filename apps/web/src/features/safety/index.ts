// Public API of the safety feature (issue 11): block and report from any member's card or
// chat, the blocked list and account controls for Profile Settings, and the deleted-user
// placeholder for connection cards.
export { AccountDeletedGate } from './components/account-deleted-gate';
export { AccountSettings } from './components/account-settings';
export { BlockedMembers } from './components/blocked-members';
export { MemberSafetyButton } from './components/member-safety-button';
export { useDeletedPartner } from './hooks/use-deleted-partner';
