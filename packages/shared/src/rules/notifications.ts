// The exact copy of the Notification Settings overlay (accounts §2, §8); no zod.

/** Browsers (devices) a member may have subscribed at once; a new one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Test notifications a member may send per window (each goes to every device once). */
export const PUSH_TEST_MAX = 3;
export const PUSH_TEST_WINDOW_MINUTES = 10;

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
  endpointRefused:
    "This browser's notification service cannot be used. Please try another browser.",
  testTooOften: `You can send ${PUSH_TEST_MAX} test notifications every ${PUSH_TEST_WINDOW_MINUTES} minutes. Please try again later.`,
} as const;
