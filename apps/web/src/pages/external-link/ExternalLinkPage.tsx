import { ExportOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { FrameView } from '../../app/shell/FrameView.tsx';
import { useViewQuery } from '../../app/shell/ViewContext.ts';

/** Only web addresses and same-site paths are framed: a javascript: href must never run. */
function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  let href = raw;
  try {
    // The href arrives URL-encoded (spec §2.1); decode once more if it was double-encoded.
    if (/^https?%3A/i.test(href) || /^%2F/i.test(href)) href = decodeURIComponent(href);
  } catch {
    return null;
  }
  return /^(https?:\/\/|\/(?!\/))/i.test(href) ? href : null;
}

/** /externalLink?href=…: shows an external page inside the app. */
export default function ExternalLinkPage() {
  const { t } = useTranslation();
  const href = safeHref(useViewQuery().get('href'));
  if (!href) {
    return <Result icon={<LinkOutlined />} title={t('externalLink.missing')} />;
  }
  return (
    <div className="ma-external">
      <div className="ma-external-bar">
        <span className="ma-external-url" title={href}>
          {href}
        </span>
        <Button size="small" icon={<ExportOutlined />} href={href} target="_blank" rel="noopener noreferrer">
          {t('externalLink.open')}
        </Button>
      </div>
      <FrameView key={href} src={href} />
    </div>
  );
}
