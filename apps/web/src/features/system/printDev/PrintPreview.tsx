import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Button, Space } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import 'quill/dist/quill.snow.css';
import { SafeHtml } from '../../../components/html/SafeHtml.tsx';
import { NS } from '../messages.ts';
import './print.css';

interface Props {
  title: string;
  /** The rendered template (renderTemplate); sanitized again as it is shown. */
  html: string;
  /** Open the browser's print preview as soon as the sheet is shown. */
  autoPrint?: boolean;
  onClose: () => void;
}

/**
 * The print view: the rendered template on an A4 sheet over the app. The
 * print stylesheet hides everything else, so the browser's print preview
 * shows only the sheet. Esc closes it.
 */
export function PrintPreview({ title, html, autoPrint, onClose }: Props) {
  const { t } = useTranslation(NS);

  useEffect(() => {
    document.body.classList.add('ma-printing');
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (autoPrint) {
      // Let the sheet paint (and its fonts load) before the browser takes its snapshot.
      timer = setTimeout(() => void document.fonts.ready.then(() => window.print()), 300);
    }
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove('ma-printing');
    };
  }, [autoPrint, onClose]);

  return createPortal(
    <div className="ma-print-root" role="dialog" aria-modal="true" aria-label={title} data-testid="ma-print-view">
      <div className="ma-print-toolbar">
        <span className="ma-print-title">
          {t('pd.printView')} - {title}
        </span>
        <Space>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="ma-print-now">
            {t('pd.print')}
          </Button>
          <Button icon={<CloseOutlined />} onClick={onClose}>
            {t('close')}
          </Button>
        </Space>
      </div>
      <div className="ma-print-paper ql-snow">
        {/* Sanitized again here: a record's values were filled into the (already clean) template after it was cleaned. */}
        <SafeHtml className="ql-editor ma-print-content" data-testid="ma-print-content" html={html} />
      </div>
    </div>,
    document.body,
  );
}
