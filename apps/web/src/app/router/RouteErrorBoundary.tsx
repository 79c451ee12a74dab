import { useTranslation } from 'react-i18next';
import { Navigate, isRouteErrorResponse, useRouteError } from 'react-router';

/** Chunk files of an older build disappear after a deploy; that is worth a reload, not a 404. */
function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk .* failed|error loading dynamically/i.test(
    text,
  );
}

/**
 * Spec §2.1 / §8: a failed chunk load goes to the router's error handler
 * (offer a reload); any other navigation failure goes to /404. Plain markup
 * on purpose: this sits in the entry bundle, which every page loads.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return (
      <div className="ma-fullpage-center">
        <div className="ma-route-error" role="alert">
          <h1>{t('page.loadFailed')}</h1>
          <p>{t('page.loadFailedHint')}</p>
          <button type="button" onClick={() => window.location.reload()}>
            {t('page.reload')}
          </button>
        </div>
      </div>
    );
  }
  if (!isRouteErrorResponse(error) || error.status !== 404) console.error('[router] navigation failed', error);
  return <Navigate to="/404" replace />;
}
