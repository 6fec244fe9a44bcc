// Public API of the bid-board feature.
export { BidBoard } from './components/bid-board';
