// Profile Settings: the members this member blocked, each with Unblock (issue 11).
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBlocks, useUnblockMember } from '../api/blocks';
import './safety.css';

export function BlockedMembers() {
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  const [done, setDone] = useState<string | null>(null);

  const handleUnblock = (id: number) =>
    unblock.mutate(id, { onSuccess: (result) => setDone(result.message) });

  return (
    <section className="settings-section" aria-labelledby="settings-blocked">
      <h3 className="settings-section__title" id="settings-blocked">
        Blocked members
      </h3>
      {blocks.isPending ? <p className="text-muted">Loading blocked members…</p> : null}
      {blocks.isError ? (
        <p className="field-error" role="alert">
          Failed to load blocked members.{' '}
          <button type="button" className="link-button" onClick={() => blocks.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {blocks.data?.length === 0 ? (
        <p className="text-muted">
          You haven’t blocked anyone. Block a member from their card or a chat: you won’t see each
          other anymore.
        </p>
      ) : null}
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
              <span className="blocked-list__name">{member.username ?? 'Deleted user'}</span>
              <Button
                variant="secondary"
                size="md"
                busy={unblock.isPending && unblock.variables === member.id}
                onClick={() => handleUnblock(member.id)}
                aria-label={`Unblock ${member.username ?? 'this member'}`}
              >
                Unblock
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
