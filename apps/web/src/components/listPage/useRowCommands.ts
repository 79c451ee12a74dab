import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../app/feedback.ts';
import { useListTexts, type ListLook } from './look.ts';

/**
 * The spec's confirmations (§5.2): a dialog titled 'notice' with OK and
 * cancel; OK spins while the call runs and closes the dialog when it ends (a
 * failure has already been toasted by the http client).
 */
export function useListConfirm(look: ListLook) {
  const { modal } = App.useApp();
  const t = useListTexts(look);
  return (content: string, onOk: () => Promise<unknown>, danger = true) =>
    modal.confirm({
      title: t('tip'),
      content,
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger },
      focusable: { autoFocusButton: 'ok' },
      onOk: () => onOk().catch(() => undefined),
    });
}

/**
 * Delete a row after the spec's confirmation ('This operation will permanently
 * delete the data…'), report it and refresh; the dialog stays busy until the
 * refresh the screen returns has finished.
 */
export function useDeleteRow<Row>(look: ListLook, remove: (row: Row) => Promise<unknown>, refresh: () => unknown) {
  const confirm = useListConfirm(look);
  const t = useListTexts(look);
  return (row: Row) =>
    confirm(t('deleteConfirm'), async () => {
      await remove(row);
      toast.success(t('deleted'));
      await refresh();
    });
}

/**
 * Enable / disable a row from its status switch: report and refresh; the
 * switch of that row spins until the refresh has finished.
 */
export function useRowState<Row extends { id: string }>(
  look: ListLook,
  change: (row: Row, enabledMark: 0 | 1) => Promise<unknown>,
  refresh: () => unknown,
) {
  const t = useListTexts(look);
  const state = useMutation({
    mutationFn: ({ row, enabledMark }: { row: Row; enabledMark: 0 | 1 }) => change(row, enabledMark),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await refresh();
    },
  });
  return {
    set: (row: Row, enabledMark: 0 | 1) => state.mutate({ row, enabledMark }),
    busy: (row: Row) => state.isPending && state.variables?.row.id === row.id,
  };
}
