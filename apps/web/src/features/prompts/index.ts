// Public API of the prompts feature (issue 44): the card's prompt slide, the Profile
// Settings section and the onboarding screen. Import it lazily: the recorder and the player
// are no part of a first paint.
export { PromptSlide } from './components/prompt-slide';
export { PromptsOnboardingScreen } from './components/prompts-onboarding';
export { PromptsSetting } from './components/prompts-setting';
