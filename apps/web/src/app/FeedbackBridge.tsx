import { message } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { bindMessage } from './feedback.ts';

/**
 * Root-level toasts: a context-aware message instance for the http client
 * and the guard. Kept to `message` alone so the login page does not load
 * antd's modal and notification code.
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindMessage(api);
    // Leaving the antd root (sign-out to the login page) drops the holder: later toasts use the static message.
    return () => bindMessage(null);
  }, [api]);
  return (
    <>
      {holder}
      {children}
    </>
  );
}
