// Profile Settings: the members this member blocked, each with Unblock (issue 11).
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useBlocks, useUnblockMember } from '../api/blocks';
import { useSafetyText } from '../i18n';
import './safety.css';

export function BlockedMembers() {
  const t = useSafetyText();
  const { sharedRef } = useSharedText();
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  const [done, setDone] = useState<string | null>(null);

  const handleUnblock = (id: number, username: string | null) =>
    unblock.mutate(id, {
      onSuccess: (result) =>
        setDone(
          username
            ? sharedRef({ key: 'SAFETY_MESSAGES.unblocked', params: { username } }, result.message)
            : result.message,
        ),
    });

  return (
    <section className="settings-section" aria-labelledby="settings-blocked">
      <h3 className="settings-section__title" id="settings-blocked">
        {t('blocked.title')}
      </h3>
      {blocks.isPending ? <p className="text-muted">{t('blocked.loading')}</p> : null}
      {blocks.isError ? (
        <p className="field-error" role="alert">
          {t('blocked.failed')}{' '}
          <button type="button" className="link-button" onClick={() => blocks.refetch()}>
            {t('blocked.retry')}
          </button>
        </p>
      ) : null}
      {blocks.data?.length === 0 ? <p className="text-muted">{t('blocked.empty')}</p> : null}
      {blocks.data?.length ? (
        <ul className="blocked-list">
          {blocks.data.map((member) => (
            <li key={member.id} className="blocked-list__item">
              {member.profile_picture ? (
                <img className="blocked-list__avatar" src={member.profile_picture} alt="" />
              ) : (
                <span
                  className="blocked-list__avatar blocked-list__avatar--initial"
                  aria-hidden="true"
                >
                  {(member.username ?? '?').slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="blocked-list__name">
                {member.username ?? t('blocked.deletedUser')}
              </span>
              <Button
                variant="secondary"
                size="md"
                busy={unblock.isPending && unblock.variables === member.id}
                onClick={() => handleUnblock(member.id, member.username)}
                aria-label={
                  member.username
                    ? t('blocked.unblockNamed', { username: member.username })
                    : t('blocked.unblockUnnamed')
                }
              >
                {t('blocked.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {unblock.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(unblock.error, SAFETY_MESSAGES.failedToUnblock)}
        </p>
      ) : null}
      {done ? (
        <p className="text-muted" role="status">
          {done}
        </p>
      ) : null}
    </section>
  );
}
