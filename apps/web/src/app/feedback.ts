import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/**
 * antd's static message/modal functions cannot see the ConfigProvider (theme
 * colour, locale). The root's <FeedbackRoot> hands over a context-aware
 * message instance, and the shell's antd <App> a modal instance; code outside
 * React (http client, guard) and pages outside the shell (login, lock screen)
 * call these wrappers.
 */
let messageApi: MessageInstance | null = null;
let modalApi: ModalApi | null = null;

export function bindMessage(message: MessageInstance | null): void {
  messageApi = message;
}

export function bindModal(modal: ModalApi | null): void {
  modalApi = modal;
}

/**
 * antd's static message, loaded on first use: the sign-in page sits outside
 * the antd root and must not download antd just in case it shows a toast.
 */
let staticMessage: Promise<MessageInstance> | null = null;
function withMessage(show: (api: MessageInstance) => void): void {
  if (messageApi) return show(messageApi);
  staticMessage ??= import('antd/es/message/index.js').then((m) => m.default);
  void staticMessage.then(show);
}

/** Toasts last 1.5 s (spec §9). */
export const TOAST_SECONDS = 1.5;

export const toast = {
  error: (content: string, seconds = TOAST_SECONDS) =>
    withMessage((api) => void api.error({ content, duration: seconds, key: `error:${content}` })),
  success: (content: string, seconds = TOAST_SECONDS) => withMessage((api) => void api.success({ content, duration: seconds })),
  warning: (content: string, seconds = TOAST_SECONDS) => withMessage((api) => void api.warning({ content, duration: seconds })),
  info: (content: string, seconds = TOAST_SECONDS) => withMessage((api) => void api.info({ content, duration: seconds })),
};

export function getModal(): ModalApi | null {
  return modalApi;
}
