// Public API of the distance and verification preferences (issue 44): the 'Maximum
// distance' choice and the preferences' words, for onboarding and Profile Settings, and
// the privacy policy's location section.

export { LocationPolicySection } from './components/location-policy-section';
export { MaxDistanceChoice } from './components/max-distance-choice';
export { usePreferenceSwitchTexts } from './preference-texts';
