// Public API of the realtime feature.
export { RealtimeSession } from './components/realtime-session';
export { useRealtimeStatus } from './hooks/use-realtime-status';
