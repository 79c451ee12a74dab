import { App } from 'antd';
import { useEffect } from 'react';
import { bindModal } from '../feedback.ts';

/** Inside the shell's antd <App>: exposes its modal instance to code outside React. */
export function ModalBridge() {
  const { modal } = App.useApp();
  useEffect(() => {
    bindModal(modal);
    return () => bindModal(null);
  }, [modal]);
  return null;
}
