import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginButton, LoginError } from './fields.tsx';
import { NS } from './messages.ts';

/**
 * The frame every sign-in form shares: the <form> (Enter submits, the browser
 * may fill it), its fields disabled while signing in, the refusal above them
 * and the sign-in button below.
 */
export function SignInFrame({
  onSubmit,
  loading,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  loading: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <form className="ma-login-form" onSubmit={(e) => void onSubmit(e)} noValidate autoComplete="on">
      <fieldset disabled={loading}>
        {error ? <LoginError>{error}</LoginError> : null}
        {children}
        <LoginButton type="submit" primary loading={loading} className="ma-login-submit">
          {loading ? t('submitting') : t('submit')}
        </LoginButton>
      </fieldset>
    </form>
  );
}
