// /shared-date/{token}: the page Share My Date texts to a member's trusted contact (issue
// 45). Public: the token is the only key; its own chunk, nothing added to the first page.
import { useParams } from 'react-router';
import { SharedDatePage } from '@/features/dates';

export function SharedDateRoute() {
  const { token = '' } = useParams();
  return <SharedDatePage token={token} />;
}
