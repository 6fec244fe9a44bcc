// Public API of the realtime feature.
export { RealtimeSession } from './components/realtime-session';
export { useAfterReconnect } from './hooks/use-after-reconnect';
export { useRealtimeStatus } from './hooks/use-realtime-status';
