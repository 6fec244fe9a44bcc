// Saves one of the member's notification switches (sms_notification, bid_notification)
// through the profile update call.
import type { UpdateProfileResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export type NotificationSwitch = 'sms_notification' | 'bid_notification';

export const updateNotificationSwitch = (field: NotificationSwitch, enabled: boolean) =>
  api.post<UpdateProfileResponse>('/auth/update-profile', { [field]: enabled });
