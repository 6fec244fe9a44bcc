// Public API of the instructions feature.
export { InstructionsOverlay } from './components/instructions-overlay';
