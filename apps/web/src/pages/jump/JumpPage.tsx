import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BootFallback } from '../../app/router/BootFallback.tsx';
import { safeRedirect } from '../login/safeRedirect.ts';

/**
 * /jump?redirect=…: an open entry point for links from outside (messages,
 * other systems). It forwards to the in-app target; the guard then asks for
 * a sign-in if needed, keeping the target as redirect.
 */
export default function JumpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect') ?? params.get('target'));
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <BootFallback />;
}
