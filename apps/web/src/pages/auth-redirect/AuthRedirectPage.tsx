import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BootFallback } from '../../app/router/BootFallback.tsx';
import { useSession } from '../../app/stores/sessionStore.ts';
import { safeRedirect } from '../login/safeRedirect.ts';

/**
 * /auth-redirect?token=…&redirect=…: the return point of a single sign-on.
 * A token handed back by the identity provider starts the session; without
 * one the user goes to the login page.
 */
export default function AuthRedirectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    const token = params.get('token');
    if (token) {
      useSession.getState().setSession(token.startsWith('Bearer ') ? token : `Bearer ${token}`, params.get('sid') ?? '');
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } else {
      navigate('/login', { replace: true });
    }
  }, [navigate, params]);
  return <BootFallback />;
}
