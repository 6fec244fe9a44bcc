// What other modules use of connections. The chat calls, in the transaction that stores a
// message, recordMessageSent (first messages, engagement and the owner's reward), and adds
// connectionEffectEvents of its result to that transaction's events; it asks
// acceptedConnectionBetween whether two members may exchange messages at all. A
// redemption first collects the member's held rewards whose settlement hold is over
// (settleRewardsOf). A purchase reversal takes the buyer's purchased tokens back out of
// their connections (lockClawbackSources before the buyer's row, then
// clawBackFromConnections).
export type { ConnectionEffects } from './connection-effects';
export { settleRewardsOf } from './connection-sweep.service';
export { connectionEffectEvents } from './connections.events';
export { acceptedConnectionBetween, recordMessageSent } from './engagement.service';
export { type Clawback, clawBackFromConnections } from './purchase-clawback';
export { lockClawbackSources } from './purchase-clawback.repository';
