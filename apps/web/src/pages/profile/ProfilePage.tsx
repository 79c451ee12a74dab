import { ClockCircleOutlined, LoginOutlined, MailOutlined, MobileOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewQuery } from '../../app/shell/ViewContext.ts';
import { useUser } from '../../app/stores/userStore.ts';
import { AvatarTab } from './AvatarTab.tsx';
import { BaseInfoTab } from './BaseInfoTab.tsx';
import { LoginLogTab } from './LoginLogTab.tsx';
import { PasswordTab } from './PasswordTab.tsx';
import { PreferencesTab } from './PreferencesTab.tsx';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { fetchBaseInfo, type BaseInfo } from './profileApi.ts';
import { NS } from './messages.ts';
import './profile.css';

const TABS = ['basic', 'avatar', 'password', 'log', 'settings'] as const;
type TabKey = (typeof TABS)[number];

const time = (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : null);

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li>
      <span className="ma-profile-fact-icon" aria-hidden>
        {icon}
      </span>
      <span className="ma-profile-fact-label">{label}</span>
      <span className="ma-profile-fact-value" title={typeof children === 'string' ? children : undefined}>
        {children}
      </span>
    </li>
  );
}

/** Who I am at a glance: picture, name, place in the alliance, contact and sign-in figures. */
function Summary({ info }: { info: BaseInfo }) {
  const { t } = useTranslation(NS);
  const isAdmin = useUser((s) => s.userInfo?.isAdministrator);
  const none = t('none');
  return (
    <Card variant="borderless" className="ma-profile-summary">
      <div className="ma-profile-id">
        <ProfileAvatar headIcon={info.headIcon} name={info.realName || info.account} size={88} />
        <h2>{info.realName}</h2>
        <div className="ma-profile-tags">
          <Tag>{info.account}</Tag>
          {isAdmin ? <Tag color="gold">{t('administrator')}</Tag> : null}
        </div>
        {info.signature ? <p className="ma-profile-signature">{info.signature}</p> : null}
      </div>
      <ul className="ma-profile-facts">
        <Fact icon={<TeamOutlined />} label={t('organize')}>
          {info.organizeName || none}
        </Fact>
        <Fact icon={<UserOutlined />} label={t('position')}>
          {info.positionName || none}
        </Fact>
        <Fact icon={<MobileOutlined />} label={t('mobilePhone')}>
          {info.mobilePhone || none}
        </Fact>
        <Fact icon={<MailOutlined />} label={t('email')}>
          {info.email || none}
        </Fact>
      </ul>
      <div className="ma-profile-figures">
        <div>
          <LoginOutlined />
          <strong>{info.logSuccessCount ?? 0}</strong>
          <span>{t('loginCount')}</span>
        </div>
        <div>
          <ClockCircleOutlined />
          <strong>{time(info.lastLogTime) ?? none}</strong>
          <span>{t('lastLogin')}</span>
        </div>
      </div>
    </Card>
  );
}

/**
 * The user's own profile (/profile, from the avatar menu; spec §2.1, §7.3):
 * basic information, avatar, password, my sign-in log and shortcuts to the
 * personal settings. `?tab=password` (or another tab key) opens that tab.
 */
export default function ProfilePage() {
  const { t } = useTranslation(NS);
  const wanted = useViewQuery().get('tab');
  const [tab, setTab] = useState<TabKey>(() => ((TABS as readonly string[]).includes(wanted ?? '') ? (wanted as TabKey) : 'basic'));
  const info = useQuery({ queryKey: ['profile', 'baseInfo'], queryFn: async () => (await fetchBaseInfo()).data });

  if (info.isError && !info.data) {
    return (
      <div className="ma-page ma-profile">
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={
              <Button type="primary" onClick={() => void info.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  const data = info.data;
  return (
    <div className="ma-page ma-profile">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8} xxl={6}>
          {data ? (
            <Summary info={data} />
          ) : (
            <Card variant="borderless">
              <Skeleton avatar active paragraph={{ rows: 5 }} />
            </Card>
          )}
        </Col>
        <Col xs={24} lg={15} xl={16} xxl={18}>
          <Card variant="borderless" className="ma-profile-main">
            {data ? (
              <Tabs
                activeKey={tab}
                onChange={(key) => setTab(key as TabKey)}
                items={[
                  { key: 'basic', label: t('tab.basic'), children: <BaseInfoTab info={data} /> },
                  { key: 'avatar', label: t('tab.avatar'), children: <AvatarTab info={data} /> },
                  { key: 'password', label: t('tab.password'), children: <PasswordTab info={data} /> },
                  { key: 'log', label: t('tab.log'), children: <LoginLogTab /> },
                  { key: 'settings', label: t('tab.settings'), children: <PreferencesTab /> },
                ]}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
