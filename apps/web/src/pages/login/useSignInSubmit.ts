import type { LoginResult } from '@medalliance/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { NS } from './messages.ts';

/**
 * What every sign-in form does when it is sent: nothing while a sign-in is
 * running or while its fields are not valid; otherwise the session's
 * loginLoading flag for the length of the call, the result to `onLogin`, and
 * on a refusal the server's message (or a generic one) above the form.
 */
export function useSignInSubmit(onLogin: (result: LoginResult) => void) {
  const { t } = useTranslation(NS);
  const loading = useSession((s) => s.loginLoading);
  const [error, setError] = useState<string | null>(null);

  /** The text of a refusal: the server's message, or 'sign-in failed' when no answer came. */
  const failureText = (e: unknown) => (e instanceof HttpError && e.kind === 'code' ? e.message : t('failed'));

  /**
   * The form's submit handler: `valid` checks (and marks) the fields, `call`
   * signs in, `onFailure` reacts to a refusal after its message is shown.
   */
  const submitWith =
    (valid: () => boolean, call: () => Promise<{ data: LoginResult }>, onFailure?: (e: unknown) => void) => async (event: FormEvent) => {
      event.preventDefault();
      if (loading || !valid()) return;
      const session = useSession.getState();
      session.setLoginLoading(true);
      setError(null);
      try {
        const { data } = await call();
        onLogin(data);
      } catch (e) {
        setError(failureText(e));
        onFailure?.(e);
      } finally {
        useSession.getState().setLoginLoading(false);
      }
    };

  /** A field changed: the last refusal no longer applies. */
  const clearError = () => {
    if (error) setError(null);
  };

  return { loading, error, setError, failureText, submitWith, clearError };
}
