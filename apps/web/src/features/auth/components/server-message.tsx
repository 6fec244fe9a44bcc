// A server error shown to the member; in a "Text START to ... to receive messages" reply
// the number becomes click-to-copy (accounts §8).
import { startNumberIn } from '@bidboard/shared';
import { CopyText } from '@/components/ui/copy-text';
import { useAuthText } from '../i18n';

export function ServerMessage({ message }: { message: string }) {
  const t = useAuthText();
  const number = startNumberIn(message);
  if (!number) return <>{message}</>;
  const at = message.indexOf(number);
  return (
    <>
      {message.slice(0, at)}
      <CopyText text={number} label={t('copyNumber', { number })} />
      {message.slice(at + number.length)}
    </>
  );
}
