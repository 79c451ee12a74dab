import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from './ViewContext.ts';
import { PageLoading } from './PageLoading.tsx';

/**
 * A full-size frame page (external link inside the app, iframe menus, legacy
 * static screens). It is created on first visit and kept while its tab is
 * open; the shell hides it while another path is active.
 */
export function FrameView({ src }: { src: string }) {
  const { t } = useTranslation();
  const view = useView();
  const [loading, setLoading] = useState(true);
  return (
    <div className="ma-frame">
      {loading ? <PageLoading tip={t('frame.loading')} /> : null}
      <iframe
        src={src}
        title={view?.path ?? src}
        onLoad={() => setLoading(false)}
        referrerPolicy="strict-origin-when-cross-origin"
        allow="fullscreen; clipboard-write"
      />
    </div>
  );
}
