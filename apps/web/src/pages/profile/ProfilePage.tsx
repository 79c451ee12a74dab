import { Card, Descriptions, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { useUser } from '../../app/stores/userStore.ts';
import { NS } from './messages.ts';

const time = (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null);

/** The user's own information (read-only for now; editing arrives with the profile issue). */
export default function ProfilePage() {
  const { t } = useTranslation(NS);
  const user = useUser((s) => s.userInfo);
  if (!user) return null;
  const none = t('none');
  return (
    <div className="ma-page ma-profile">
      <Card variant="borderless">
        <div className="ma-profile-head">
          <UserAvatar user={user} size={64} />
          <div>
            <h2>{user.userName}</h2>
            <span>{user.userAccount}</span>
          </div>
        </div>
        <Descriptions
          title={t('basic')}
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'account', label: t('account'), children: user.userAccount },
            { key: 'name', label: t('name'), children: user.userName },
            { key: 'organize', label: t('organize'), children: user.organizeName || none },
            { key: 'department', label: t('department'), children: user.departmentName || none },
            { key: 'position', label: t('position'), children: user.positionName || none },
            { key: 'admin', label: t('administrator'), children: user.isAdministrator ? t('yes') : t('no') },
            {
              key: 'systems',
              label: t('systems'),
              children: user.systemIds?.length ? user.systemIds.map((s) => <Tag key={s.id}>{s.name}</Tag>) : none,
            },
          ]}
        />
        <Descriptions
          title={t('login')}
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'loginTime', label: t('loginTime'), children: time(user.loginTime) ?? none },
            { key: 'loginIp', label: t('loginIp'), children: user.loginIPAddress ?? none },
            { key: 'prevTime', label: t('prevLoginTime'), children: time(user.prevLoginTime) ?? none },
            {
              key: 'prevIp',
              label: t('prevLoginIp'),
              children: [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' ') || none,
            },
          ]}
        />
      </Card>
    </div>
  );
}
