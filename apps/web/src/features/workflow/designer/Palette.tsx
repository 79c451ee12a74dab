import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS as GRAPH_NS } from '../graph/messages.ts';
import type { PaletteKind } from './graphOps.ts';
import { NS } from './messages.ts';

const KINDS: PaletteKind[] = ['start', 'approver', 'condition', 'parallel', 'timer', 'subFlow', 'end'];

/** What a palette item carries when dragged onto the canvas. */
export const PALETTE_MIME = 'application/x-wf-node';

/** The node kinds the designer adds, by click (middle of the view) or by dragging onto the canvas; a parallel split comes with its join. */
export function Palette({ onAdd }: { onAdd: (kind: PaletteKind) => void }) {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GRAPH_NS);
  return (
    <div className="wf-palette-list">
      <Typography.Text strong>{t('palette')}</Typography.Text>
      {KINDS.map((k) => (
        <Button
          key={k}
          block
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, k);
            e.dataTransfer.effectAllowed = 'copy';
          }}
          className={`wf-palette-item wf-node-${k}`}
          onClick={() => onAdd(k)}
          data-testid={`wf-add-${k}`}
        >
          {tg(`type.${k}`)}
          {k === 'parallel' ? ` + ${tg('type.join')}` : ''}
        </Button>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('paletteHint')}
      </Typography.Text>
    </div>
  );
}
