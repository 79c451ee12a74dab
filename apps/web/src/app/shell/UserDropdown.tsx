import {
  CheckOutlined,
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { switchMajorSystem } from '../../api/usersCurrent.ts';
import { loadCurrentUser, logout } from '../session/session.ts';
import { useSession } from '../stores/sessionStore.ts';
import { useTags } from '../stores/tagsStore.ts';
import { useUi } from '../stores/uiStore.ts';
import { useUser } from '../stores/userStore.ts';
import { UserAvatar } from './UserAvatar.tsx';
import { pinHomeTag } from './homeTag.ts';

/** Avatar menu (spec §2.5): profile, system switch (more than one system), lock screen, statement, about, logout. */
export function UserDropdown() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useUser((s) => s.userInfo);
  const setUi = useUi((s) => s.set);
  const systems = user?.systemIds ?? [];

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('navbar.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => logout(),
    });

  const switchSystem = async (id: string) => {
    await switchMajorSystem(id);
    // The menus belong to the system: load the new ones, then start over from home with fresh tabs.
    await loadCurrentUser();
    useTags.getState().reset();
    pinHomeTag();
    navigate('/home', { replace: true });
    message.success(t('navbar.switchSuccess'));
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile'), onClick: () => navigate('/profile') },
    ...(systems.length > 1
      ? [
          {
            key: 'system',
            icon: <SwapOutlined />,
            label: t('navbar.switchSystem'),
            children: systems.map((system) => ({
              key: `system:${system.id}`,
              label: (
                <span className="ma-lang-option">
                  {system.name}
                  {system.currentSystem ? <CheckOutlined aria-label={t('navbar.currentSystem')} /> : null}
                </span>
              ),
              disabled: system.currentSystem,
              onClick: () => void switchSystem(system.id).catch(() => {}),
            })),
          },
        ]
      : []),
    {
      key: 'lock',
      icon: <LockOutlined />,
      label: t('navbar.lockScreen'),
      onClick: () => {
        useSession.getState().setLock(true);
        navigate('/lockScreen');
      },
    },
    { key: 'statement', icon: <SafetyCertificateOutlined />, label: t('navbar.statement'), onClick: () => setUi({ statementOpen: true }) },
    { key: 'about', icon: <InfoCircleOutlined />, label: t('navbar.about'), onClick: () => setUi({ aboutOpen: true }) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true, onClick: confirmLogout },
  ];

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items }}>
      <button type="button" className="ma-navbar-btn ma-user-btn" aria-label={t('navbar.userMenu')}>
        <UserAvatar user={user} />
        <span className="ma-user-name">{user?.userName || user?.userAccount}</span>
      </button>
    </Dropdown>
  );
}
