import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';

interface State {
  error: unknown;
}

/**
 * Keeps one broken page (a failed chunk after a deploy, a render error) from
 * taking the whole shell down: the menus and other tabs keep working.
 */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[view] page failed', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="warning"
        title={t('page.loadFailed')}
        subTitle={t('page.loadFailedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('page.reload')}
          </Button>
        }
      />
    );
  }
}
