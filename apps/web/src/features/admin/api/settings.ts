// Business settings: GET and PUT /admin/settings (the server reads them fresh on every use,
// so a saved change applies on every server at once).
import type { BusinessSettings, BusinessSettingsPatch } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useBusinessSettings() {
  return useQuery({
    queryKey: [...adminKey, 'settings'],
    queryFn: () => api.get<{ settings: BusinessSettings }>('/admin/settings'),
  });
}

export const saveBusinessSettings = (patch: BusinessSettingsPatch) =>
  api.put<{ settings: BusinessSettings }>('/admin/settings', patch);
