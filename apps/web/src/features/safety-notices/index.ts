// Public API of the dating-safety notices feature (issue 42): the notice a member's state
// requires, at sign-up, with the first connection, in the chat's safety menu and above
// conversations.
export { ConversationNotice } from './components/conversation-notice';
export { FirstConnectionNotice } from './components/first-connection-notice';
export { SafetyNotice } from './components/safety-notice';
export { SignUpNoticeGate } from './components/sign-up-notice';
