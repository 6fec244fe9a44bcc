// Saves the SMS switch (sms_notification) through the profile update call.
import type { UpdateProfileResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export const updateSmsNotification = (enabled: boolean) =>
  api.post<UpdateProfileResponse>('/auth/update-profile', { sms_notification: enabled });
