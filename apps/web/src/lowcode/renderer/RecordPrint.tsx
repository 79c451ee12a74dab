import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '@medalliance/contract';
import { onlineDevApi } from '../../api/onlineDev.ts';
import { printDevApi } from '../../api/system.ts';
import { PrintPreview } from '../../features/system/printDev/PrintPreview.tsx';
import { renderTemplate } from '../../features/system/printDev/renderTemplate.ts';
import '../../features/system/printDev/messages.ts';
import { NS } from '../messages.ts';
import { printHtml } from './printHtml.ts';

interface Props {
  modelId: string;
  menuId?: string;
  definition: FormDefinition;
  title: string;
  /** The records to print, one sheet each. */
  ids: string[];
  onClose: () => void;
}

/**
 * Print records: through the form's print template (system data, printDev)
 * when it has one, otherwise a clean label / value layout; one page per record.
 */
export function RecordPrint({ modelId, menuId, definition, title, ids, onClose }: Props) {
  const { t } = useTranslation(NS);
  const sheets = useQuery({
    queryKey: ['lowcode', 'print', modelId, definition.printId ?? '', ids],
    queryFn: () =>
      Promise.all(
        ids.map(async (id) => {
          if (definition.printId) {
            const res = await printDevApi.data(definition.printId, id);
            return renderTemplate(res.data.printTemplate, res.data.printData);
          }
          return printHtml(definition, title, await onlineDevApi.detail(modelId, id, menuId), t);
        }),
      ),
    gcTime: 0,
  });
  if (sheets.isError) {
    onClose();
    return null;
  }
  if (!sheets.data) return <Spin fullscreen />;
  const html = sheets.data.map((s, i) => (i < sheets.data.length - 1 ? `<div style="page-break-after:always">${s}</div>` : s)).join('');
  return <PrintPreview title={title} html={html} autoPrint onClose={onClose} />;
}
