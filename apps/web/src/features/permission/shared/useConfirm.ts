import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

/**
 * The spec's confirmations (§5.2): a dialog titled 'notice' with OK and
 * cancel; OK shows a spinner while the call runs and closes the dialog when it
 * ends (a failure has already been toasted by the http client).
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  return (content: string, onOk: () => Promise<unknown>, danger = true) =>
    modal.confirm({
      title: t('common.tip'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      focusable: { autoFocusButton: 'ok' },
      onOk: () => onOk().catch(() => undefined),
    });
}
