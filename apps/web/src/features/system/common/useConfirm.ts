import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

/** The spec's delete confirmation ('This operation will permanently delete the data. Do you want to continue?'). */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  return (onOk: () => Promise<unknown>, content?: string) =>
    modal.confirm({
      title: t('tip'),
      content: content ?? t('deleteConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () => onOk().catch(() => undefined),
    });
}
