// Runs an admin action and refreshes every console query afterwards; the error is the
// server's message, shown where the action was taken.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useAdminAction<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: adminKey }),
  });
  return {
    ...mutation,
    errorText: mutation.error
      ? errorMessage(mutation.error, 'Something went wrong. Try again.')
      : null,
  };
}
