// Above a conversation's messages, for members whose statute names messages sent or
// received (New Jersey): the screening statement in its prescribed form.
import { datingSafetyNoticeAt, type User } from '@bidboard/shared';
import './safety-notice.css';

export function ConversationNotice({ user }: { user: User | null }) {
  const notice = datingSafetyNoticeAt(user, 'conversation');
  if (!notice?.screening) return null;
  return (
    <p className="safety-notice__strip" data-form={notice.screening.form}>
      {notice.screening.text}
    </p>
  );
}
