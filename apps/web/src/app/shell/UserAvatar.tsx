import { Avatar } from 'antd';
import type { UserInfo } from '@medalliance/contract';

/** The user's picture when the head icon is an address, else the first letter of the name. */
export function UserAvatar({ user, size = 28 }: { user: Pick<UserInfo, 'headIcon' | 'userName' | 'userAccount'> | null; size?: number }) {
  const icon = user?.headIcon ?? '';
  const src = /^(https?:|\/|data:)/.test(icon) ? icon : undefined;
  const name = user?.userName || user?.userAccount || '?';
  return (
    <Avatar size={size} src={src} className="ma-avatar" alt="">
      {src ? null : name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
