import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionKind } from './ActionDialog.tsx';
import type { DetailButtons } from './detailApi.ts';
import { NS } from './messages.ts';

/** The actions the server says the caller has, in the order an approver reads them. */
export function allowedActions(b: DetailButtons): ActionKind[] {
  const out: ActionKind[] = [];
  if (b.approve) out.push('approve');
  if (b.reject) out.push('reject');
  if (b.transfer) out.push('transfer');
  if (b.addSigner) out.push('addSigner');
  if (b.recall) out.push('recall');
  if (b.urge) out.push('urge');
  if (b.withdraw) out.push('withdraw');
  return out;
}

export function ActionBar({ buttons, onAction }: { buttons: DetailButtons; onAction: (kind: ActionKind) => void }) {
  const { t } = useTranslation(NS);
  const actions = allowedActions(buttons);
  if (!actions.length) return null;
  return (
    <div className="wfd-action-bar" data-testid="wfd-action-bar">
      <Space wrap>
        {actions.map((a) => (
          <Button
            key={a}
            type={a === 'approve' ? 'primary' : 'default'}
            danger={a === 'reject'}
            onClick={() => onAction(a)}
            data-testid={`wfd-action-${a}`}
          >
            {t(`action.${a}`)}
          </Button>
        ))}
      </Space>
    </div>
  );
}
