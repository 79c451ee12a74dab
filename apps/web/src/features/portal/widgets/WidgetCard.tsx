import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalWidget } from '@medalliance/contract';
import { NS } from '../messages.ts';

export type WidgetState = 'loading' | 'ready' | 'empty' | 'error';

interface Props {
  widget: PortalWidget;
  state: WidgetState;
  /** Shown in the empty state (defaults to "no data"). */
  emptyText?: string;
  errorText?: string;
  fetching?: boolean;
  onReload?: () => void;
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame of every widget: its title, a reload button, and its own loading, empty and error states. */
export function WidgetCard({ widget, state, emptyText, errorText, fetching, onReload, extra, children }: Props) {
  const { t } = useTranslation(NS);
  const title = widget.title || t(`type.${widget.type}`);
  return (
    <section
      className={`ma-portal-widget is-${widget.type}`}
      data-widget-id={widget.id}
      data-widget-type={widget.type}
      data-state={state}
      aria-busy={state === 'loading'}
    >
      <header className="ma-portal-widget-head">
        <h3 title={title}>{title}</h3>
        <span className="ma-portal-widget-extra">
          {extra}
          {onReload ? (
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined spin={fetching} />}
              aria-label={t('w.refresh')}
              title={t('w.refresh')}
              onClick={onReload}
            />
          ) : null}
        </span>
      </header>
      <div className="ma-portal-widget-body">
        {state === 'loading' ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : state === 'error' ? (
          <Result
            className="ma-portal-widget-error"
            status="warning"
            title={t('w.error')}
            subTitle={errorText}
            extra={
              onReload ? (
                <Button size="small" onClick={onReload}>
                  {t('w.retry')}
                </Button>
              ) : null
            }
          />
        ) : state === 'empty' ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('w.empty')} />
        ) : (
          children
        )}
      </div>
    </section>
  );
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : undefined);
