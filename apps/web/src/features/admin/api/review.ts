// The review queue: GET /admin/media/pending, POST /admin/media/{images|videos}/{id}/review.
import type { AdminMediaItem, AdminReviewQueueResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useReviewQueue() {
  return useQuery({
    queryKey: [...adminKey, 'review'],
    queryFn: () => api.get<AdminReviewQueueResponse>('/admin/media/pending'),
  });
}

export function reviewMedia(
  item: Pick<AdminMediaItem, 'id' | 'kind'>,
  status: 'approved' | 'rejected',
) {
  const kind = item.kind === 'photo' ? 'images' : 'videos';
  return api.post(`/admin/media/${kind}/${item.id}/review`, { status });
}
