import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLangOf } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/index.ts';
import { MenuIcon } from '../../app/shell/MenuIcon.tsx';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { useView } from '../../app/shell/ViewContext.ts';
import { useNavIndex, useOpenNavItem, useTitle } from '../../app/shell/useNavActions.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { useUser } from '../../app/stores/userStore.ts';
import { useHomePortal } from '../../features/portal/view/useHomePortal.ts';
import { fetchOverview } from './homeApi.ts';
import { STAT_KEYS, dayPeriod, formatCount, levelRows, signInSeries, type StatKey } from './homeStats.ts';
import { NS } from './messages.ts';
import './home.css';

// ECharts is a large library: its chunk loads with the charts, after the figures.
const SignInChart = lazy(() => import('./HomeCharts.tsx').then((m) => ({ default: m.SignInChart })));
const LevelChart = lazy(() => import('./HomeCharts.tsx').then((m) => ({ default: m.LevelChart })));
const HomePortal = lazy(() => import('../../features/portal/view/HomePortal.tsx'));

const STAT_ICONS: Record<StatKey, ReactNode> = {
  users: <TeamOutlined />,
  organizations: <BankOutlined />,
  departments: <ApartmentOutlined />,
  online: <WifiOutlined />,
  roles: <SafetyCertificateOutlined />,
  menus: <AppstoreOutlined />,
};

/** The online count moves; the rest hardly. Refresh while the tab is on screen. */
const REFRESH_MS = 60_000;

const chartSkeleton = <Skeleton.Node active className="ma-home-chart-skeleton" />;

/**
 * The home dashboard (/home, pinned; also /dashboard and /chardHome): a
 * greeting, live figures of the alliance (staff, organisations, departments,
 * who is online, roles, menus), sign-ins of the last 14 days, staff by level
 * of care, and quick entries built from the user's menus.
 */
export default function HomePage() {
  // The caller's portal when they have one (features/portal); today's dashboard otherwise.
  const portal = useHomePortal();
  if (typeof portal.homeId === 'string')
    return (
      <Suspense fallback={<Skeleton active className="ma-page" />}>
        <HomePortal homeId={portal.homeId} list={portal.list} />
      </Suspense>
    );
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const locale = htmlLangOf(lang);
  const user = useUser((s) => s.userInfo);
  const table = useUser((s) => s.routeTable);
  const color = useSettings((s) => s.themeColor);
  const active = useView()?.active ?? true;
  const title = useTitle();
  const open = useOpenNavItem();
  const index = useNavIndex();

  const overview = useQuery({
    queryKey: ['dashboard', 'overview'],
    queryFn: async () => (await fetchOverview()).data,
    refetchInterval: active ? REFRESH_MS : false,
  });
  const data = overview.data;
  const series = useMemo(() => (data ? signInSeries(data.signIns, locale) : null), [data, locale]);
  const levels = useMemo(() => (data ? levelRows(data.staffByLevel, (l) => t(`level.${l}`)) : null), [data, t]);

  const quick = table.leaves.slice(0, 12);
  const name = user?.userName || user?.userAccount || '';
  const where = [user?.organizeName, user?.departmentName, user?.positionName].filter(Boolean).join(' · ');
  const last = user?.prevLoginTime
    ? t('lastLogin', {
        time: dayjs(user.prevLoginTime).format('YYYY-MM-DD HH:mm'),
        place: user.prevLoginIPAddressName ?? user.prevLoginIPAddress ?? '',
      })
    : t('firstLogin');
  const failed = overview.isError && !data;

  return (
    <div className="ma-page ma-home">
      <Card className="ma-home-welcome" variant="borderless">
        <UserAvatar user={user} size={56} />
        <div className="ma-home-welcome-text">
          <h2>{t('greeting', { period: t(dayPeriod(new Date().getHours())), name })}</h2>
          <p>{where || t('intro')}</p>
          <small>{last}</small>
        </div>
        {data ? (
          <div className="ma-home-updated">
            <span>{t('updatedAt', { time: dayjs(overview.dataUpdatedAt).format('HH:mm:ss') })}</span>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined spin={overview.isFetching} />}
              aria-label={t('refresh')}
              title={t('refresh')}
              onClick={() => void overview.refetch()}
            />
          </div>
        ) : null}
      </Card>

      {failed ? (
        <Alert
          type="error"
          showIcon
          className="ma-home-error"
          title={t('error.title')}
          description={overview.error instanceof Error ? overview.error.message : undefined}
          action={
            <Button size="small" onClick={() => void overview.refetch()} loading={overview.isFetching}>
              {t('error.retry')}
            </Button>
          }
        />
      ) : (
        <div className="ma-home-stats" aria-busy={!data}>
          {STAT_KEYS.map((key) => (
            <Card key={key} variant="borderless" className={`ma-home-stat is-${key}`} data-stat={key}>
              <span className="ma-home-stat-icon" aria-hidden>
                {STAT_ICONS[key]}
              </span>
              <div className="ma-home-stat-text">
                <span className="ma-home-stat-label">{t(`stat.${key}`)}</span>
                {data ? (
                  <strong className="ma-home-stat-value" data-value={data[key]}>
                    {formatCount(data[key], locale)}
                  </strong>
                ) : (
                  <Skeleton.Button active size="small" className="ma-home-stat-skeleton" />
                )}
              </div>
              {key === 'online' && data ? <i className="ma-home-live" aria-hidden /> : null}
            </Card>
          ))}
        </div>
      )}

      <Row gutter={[16, 16]} className="ma-home-row">
        <Col xs={24} xl={16}>
          <Card
            title={t('signIns.title')}
            variant="borderless"
            className="ma-home-card"
            extra={series ? <span className="ma-home-card-extra">{t('signIns.total', { count: series.total })}</span> : null}
          >
            {series ? (
              <Suspense fallback={chartSkeleton}>
                <SignInChart
                  series={series}
                  successName={t('signIns.success')}
                  failureName={t('signIns.failure')}
                  color={color}
                  label={t('signIns.title')}
                />
              </Suspense>
            ) : failed ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('error.title')} />
            ) : (
              chartSkeleton
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('levels.title')} variant="borderless" className="ma-home-card">
            {levels ? (
              <Suspense fallback={chartSkeleton}>
                <LevelChart rows={levels} color={color} label={t('levels.title')} totalName={t('levels.total')} />
              </Suspense>
            ) : failed ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('error.title')} />
            ) : (
              chartSkeleton
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('quickAccess')} variant="borderless" className="ma-home-quick">
            {quick.length ? (
              <div className="ma-home-quick-grid">
                {quick.map((item) => (
                  <button key={item.id} type="button" className="ma-home-quick-item" onClick={() => open(index.get(item.id) ?? item)}>
                    <MenuIcon icon={item.icon} type={item.type} />
                    <span>{title(item)}</span>
                  </button>
                ))}
              </div>
            ) : (
              <Empty description={t('quickEmpty')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
