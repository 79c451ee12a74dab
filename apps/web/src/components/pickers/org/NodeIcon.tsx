import { Avatar } from 'antd';
import {
  ApartmentOutlined,
  BankOutlined,
  GlobalOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { AuthImage } from '../../upload/AuthImage.tsx';
import type { PickNode } from './selection.ts';

/** A user's head icon: their picture when they have one, else the first letter of the name. */
export function HeadIcon({ name, headIcon, size = 20 }: { name: string; headIcon?: string | null; size?: number }) {
  const icon = headIcon ?? '';
  const letter = (name || '?').slice(0, 1).toUpperCase();
  if (icon.startsWith('/api/file/')) {
    return <Avatar size={size} className="ma-picker-avatar" src={<AuthImage src={icon} alt="" />} />;
  }
  const src = /^(https?:|data:)/.test(icon) ? icon : undefined;
  return (
    <Avatar size={size} className="ma-picker-avatar" src={src} alt="">
      {src ? null : letter}
    </Avatar>
  );
}

/** The icon of a picker node by its type. */
export function NodeIcon({ node }: { node: PickNode }) {
  switch (node.type) {
    case 'user':
      return <HeadIcon name={node.fullName} headIcon={node.headIcon} />;
    case 'company':
      return <BankOutlined className="ma-picker-icon is-company" />;
    case 'department':
      return <ApartmentOutlined className="ma-picker-icon is-department" />;
    case 'position':
      return <IdcardOutlined className="ma-picker-icon is-position" />;
    case 'role':
      return <SafetyCertificateOutlined className="ma-picker-icon is-role" />;
    case 'group':
      return <TeamOutlined className="ma-picker-icon is-group" />;
    default:
      return <GlobalOutlined className="ma-picker-icon" />;
  }
}
