import type { LoginConfig, LoginResult } from '@medalliance/contract';
import { http } from '../../api/http.ts';

/**
 * The sign-in calls only the login page makes (spec §2.5, §7.1): captcha
 * config and image, mobile verification code, app scan-code tickets. All are
 * silent: the page shows its own messages next to the form.
 */

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export function fetchLoginConfig(account: string) {
  return http.get<LoginConfig>(`/api/oauth/getConfig/${encodeURIComponent(account)}`, undefined, { silent: true });
}

/** A fresh captcha id: the server keys the image's answer by it (6–64 of [A-Za-z0-9_-]). */
export function newCaptchaId(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
}

export function captchaImageUrl(length: number, id: string): string {
  return `${API_BASE}/api/oauth/ImageCode/${length}/${id}`;
}

export interface SmsSent {
  /** Seconds before another code may be requested. */
  cooldown: number;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

export function sendSmsCode(account: string) {
  return http.post<SmsSent>('/api/oauth/SmsCode', { account }, { silent: true });
}

export function loginBySms(account: string, code: string) {
  return http.post<LoginResult>('/api/oauth/LoginBySms', { account, code }, { silent: true });
}

export type TicketStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'used';

export function createQrTicket() {
  return http.post<{ ticket: string; expiresAt: number }>('/api/oauth/QrTicket', undefined, { silent: true });
}

export function pollQrTicket(ticket: string, signal?: AbortSignal) {
  return http.get<{ status: TicketStatus; login?: LoginResult }>(`/api/oauth/QrTicket/${encodeURIComponent(ticket)}`, undefined, {
    silent: true,
    signal,
  });
}

/** What the QR code encodes: the phone-side confirmation page of this site. */
export function scanConfirmUrl(ticket: string, origin: string = window.location.origin): string {
  return `${origin}/scanConfirm?ticket=${encodeURIComponent(ticket)}`;
}
