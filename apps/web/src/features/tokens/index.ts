// Public API of the tokens feature.
export { TokenActions } from './components/token-actions';
export { TokenBalanceSync } from './components/token-balance-sync';
