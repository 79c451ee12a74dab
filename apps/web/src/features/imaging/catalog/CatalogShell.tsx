import type { ReactNode } from 'react';
import { Card, Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { CentreSwitch } from './CentreSwitch.tsx';
import { NS } from './messages.ts';
import { useCatalogPage } from './useCatalogMeta.ts';
import './catalog.css';

type Rights = ReturnType<typeof useCatalogPage>['rights'];

/** The frame of every catalogue page: title, centre switch, and the page body for the chosen centre. */
export function CatalogShell({
  menu,
  title,
  testId,
  extra,
  children,
}: {
  menu: string;
  title: string;
  testId: string;
  extra?: (centre: ImagingCentre, rights: Rights) => ReactNode;
  children: (centre: ImagingCentre, rights: Rights) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  const page = useCatalogPage(menu);
  return (
    <Card
      className="img-catalog"
      data-testid={testId}
      title={
        <Space size={16}>
          <span>{title}</span>
          <CentreSwitch centres={page.centres} value={page.centre} onChange={page.setCentre} />
        </Space>
      }
      extra={page.centre ? extra?.(page.centre, page.rights) : null}
    >
      {page.loading ? <Spin /> : !page.centre ? <Empty description={t('noCentre')} /> : children(page.centre, page.rights)}
    </Card>
  );
}
