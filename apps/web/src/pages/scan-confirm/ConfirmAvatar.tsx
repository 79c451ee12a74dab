import { Avatar } from 'antd';
import { useEffect, useState } from 'react';
import { signedUrl } from '../../components/upload/fileApi.ts';

/**
 * The signed-in user's picture on the phone page. This page lives outside the
 * shell (no query cache), so a stored avatar (`/api/file/Image/…`, which an
 * <img> cannot fetch without the session) gets its signed link with one plain
 * call; without a picture, or if that fails, the first letter of the name.
 */
export function ConfirmAvatar({ headIcon, name, size }: { headIcon: string | null | undefined; name: string; size: number }) {
  const icon = headIcon ?? '';
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
  return (
    <Avatar size={size} src={src} alt="" style={{ fontSize: Math.round(size * 0.4) }}>
      {(name || '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
