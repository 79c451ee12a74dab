import { Avatar } from 'antd';
import { useSignedUrl } from '../../components/upload/useSignedUrl.ts';

/**
 * The user's picture at any size. Stored avatars (`/api/file/Image/userAvatar/…`)
 * need the session, which an <img> cannot send: they are shown through a
 * signed link. Without a picture, the first letter of the name.
 */
export function ProfileAvatar({ headIcon, name, size }: { headIcon: string | null | undefined; name: string; size: number }) {
  const icon = headIcon ?? '';
  const stored = icon.startsWith('/api/file/');
  const signed = useSignedUrl(stored ? icon : undefined, true);
  const src = stored ? signed : /^(https?:|data:)/.test(icon) ? icon : undefined;
  return (
    <Avatar
      size={size}
      src={src}
      className="ma-profile-avatar"
      alt=""
      data-has-image={src ? 'true' : 'false'}
      style={{ fontSize: Math.round(size * 0.4) }}
    >
      {src ? null : (name || '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
