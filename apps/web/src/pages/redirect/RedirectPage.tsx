import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../../app/router/fixedViews.ts';
import { PageLoading } from '../../app/shell/PageLoading.tsx';
import { useView } from '../../app/shell/ViewContext.ts';

/**
 * Refresh helper (spec §2.1 /redirect/:path*): the tag's kept instance was
 * dropped; passing through here unmounts it, and coming back mounts it fresh.
 */
export default function RedirectPage() {
  const navigate = useNavigate();
  const view = useView();
  const target = (view?.path.slice(REDIRECT_PREFIX.length) || '/') + (view?.search ?? '');
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <PageLoading />;
}
