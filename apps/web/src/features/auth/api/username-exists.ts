// Does /{username} name a member? Asked through the public referral check: 404 means no
// such member (marketplace §8: redirect to /); any other answer means they exist.
import { useQuery } from '@tanstack/react-query';
import { checkReferral } from './check-referral';

export async function usernameExists(username: string): Promise<boolean> {
  const check = await checkReferral(username).catch(() => null);
  return check === null || check.valid;
}

export function useUsernameExists(username: string) {
  return useQuery({
    queryKey: ['username-exists', username.toLowerCase()],
    queryFn: () => usernameExists(username),
    staleTime: 5 * 60_000,
  });
}
