import { Avatar } from 'antd';
import { useEffect, useState } from 'react';
import type { UserInfo } from '@medalliance/contract';
import { signedUrl } from '../../components/upload/fileApi.ts';

/**
 * The user's picture, else the first letter of the name. A stored avatar
 * (`/api/file/…`) cannot be fetched by an <img> (no session header), so it gets
 * a short-lived signed link with one plain call — no query cache needed, since
 * the lock screen and the phone confirmation page render this outside the shell.
 */
export function UserAvatar({ user, size = 28 }: { user: Pick<UserInfo, 'headIcon' | 'userName' | 'userAccount'> | null; size?: number }) {
  const icon = user?.headIcon ?? '';
  const stored = icon.startsWith('/api/file/');
  const [signed, setSigned] = useState<{ for: string; url: string } | null>(null);

  useEffect(() => {
    if (!stored) return;
    let alive = true;
    signedUrl(icon, true).then(
      (url) => alive && setSigned({ for: icon, url }),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [icon, stored]);

  const src = stored ? (signed?.for === icon ? signed.url : undefined) : /^(https?:|data:)/.test(icon) ? icon : undefined;
  const name = user?.userName || user?.userAccount || '?';
  return (
    <Avatar size={size} src={src} className="ma-avatar" alt="" style={size > 40 ? { fontSize: Math.round(size * 0.4) } : undefined}>
      {src ? null : name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
