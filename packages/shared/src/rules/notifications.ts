// The exact copy of the Notification Settings overlay (accounts §2, §8); no zod.
export const NOTIFICATION_MESSAGES = {
  pushUnsupported: 'Browser notifications are not supported on your device.',
  pushDenied: 'Permission denied for browser notifications.',
  pushFailed: 'Failed to enable browser notifications.',
  smsFailed: 'Failed to update SMS notifications.',
  updateFailed: 'Failed to update notifications',
  smsConsent: 'I agree to account-notification texts. Msg & data rates may apply.',
  testTitle: 'Notifications are on',
  testBody: 'You will hear from us here when something happens on your board.',
  noSubscriptions: 'Turn on browser notifications on this device first.',
} as const;
