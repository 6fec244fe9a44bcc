// What other modules use of connections. The chat calls, in the transaction that stores a
// message, recordMessageSent (first messages, engagement and the owner's reward), and adds
// connectionEffectEvents of its result to that transaction's events; it asks
// acceptedConnectionBetween whether two members may exchange messages at all.
export type { ConnectionEffects } from './connection-effects';
export { connectionEffectEvents } from './connections.events';
export { acceptedConnectionBetween, recordMessageSent } from './engagement.service';
