import { AppstoreOutlined, ClusterOutlined, SwapOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/index.ts';
import { MenuIcon } from '../../app/shell/MenuIcon.tsx';
import { PageLoading } from '../../app/shell/PageLoading.tsx';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { useNavIndex, useOpenNavItem, useTitle } from '../../app/shell/useNavActions.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { useUser } from '../../app/stores/userStore.ts';
import { dayPeriod, screensPerSection } from './homeStats.ts';
import { NS } from './messages.ts';
import './home.css';

const SectionsChart = lazy(() => import('./SectionsChart.tsx'));

/**
 * The home dashboard (/home, /dashboard, /chardHome): greeting, the user's
 * place in the alliance, counts and quick access built from the menus. The
 * dashboard widgets of later issues slot in below.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation(NS);
  const lang = languageOf(i18n);
  const user = useUser((s) => s.userInfo);
  const table = useUser((s) => s.routeTable);
  const color = useSettings((s) => s.themeColor);
  const title = useTitle();
  const open = useOpenNavItem();
  const index = useNavIndex();

  const rows = useMemo(() => screensPerSection(table.nav, lang, t('ungrouped')), [table.nav, lang, t]);
  const quick = table.leaves.slice(0, 8);
  const sections = table.nav.filter((n) => n.children).length;
  const name = user?.userName || user?.userAccount || '';
  const where = [user?.organizeName, user?.departmentName, user?.positionName].filter(Boolean).join(' · ');
  const last = user?.prevLoginTime
    ? t('lastLogin', {
        time: dayjs(user.prevLoginTime).format('YYYY-MM-DD HH:mm'),
        place: user.prevLoginIPAddressName ?? user.prevLoginIPAddress ?? '',
      })
    : t('firstLogin');

  return (
    <div className="ma-page ma-home">
      <Card className="ma-home-welcome" variant="borderless">
        <UserAvatar user={user} size={56} />
        <div>
          <h2>{t('greeting', { period: t(dayPeriod(new Date().getHours())), name })}</h2>
          <p>{where || t('intro')}</p>
          <small>{last}</small>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Card variant="borderless">
            <Statistic title={t('modules')} value={table.leaves.length} prefix={<AppstoreOutlined />} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card variant="borderless">
            <Statistic title={t('sections')} value={sections} prefix={<ClusterOutlined />} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card variant="borderless">
            <Statistic title={t('systems')} value={user?.systemIds?.length ?? 0} prefix={<SwapOutlined />} />
          </Card>
        </Col>

        <Col xs={24} lg={12}>
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
        <Col xs={24} lg={12}>
          <Card title={t('chartTitle')} variant="borderless">
            {rows.length ? (
              <Suspense fallback={<PageLoading />}>
                <SectionsChart rows={rows} seriesName={t('chartSeries')} color={color} />
              </Suspense>
            ) : (
              <Empty />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
