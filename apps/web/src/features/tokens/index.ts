// Public API of the tokens feature.
export { TokenActions } from './components/token-actions';
export { TokenBalanceScreen } from './components/token-balance-screen';
export { TokenBalanceSync } from './components/token-balance-sync';
