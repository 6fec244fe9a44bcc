// A chat partner's round photo (or initial) with the online/offline dot.
import clsx from 'clsx';

interface PartnerAvatarProps {
  username: string | null;
  photo: string | null;
  online: boolean;
  size?: 'md' | 'sm';
}

export function PartnerAvatar({ username, photo, online, size = 'md' }: PartnerAvatarProps) {
  const name = username ?? 'Member';
  return (
    <span className={clsx('chat-avatar', `chat-avatar--${size}`)}>
      {photo ? (
        <img className="chat-avatar__img" src={photo} alt="" loading="lazy" />
      ) : (
        <span className="chat-avatar__img chat-avatar__initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span
        className={clsx('chat-avatar__dot', online && 'chat-avatar__dot--online')}
        role="img"
        aria-label={online ? 'online' : 'offline'}
      />
    </span>
  );
}
