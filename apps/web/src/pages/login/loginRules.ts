import { patterns } from '@medalliance/contract';

/** The three sign-in modes of spec §2.5, in the order the page shows them. */
export const LOGIN_MODES = ['password', 'sms', 'scan'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export function isLoginMode(value: string | null | undefined): value is LoginMode {
  return (LOGIN_MODES as readonly string[]).includes(value ?? '');
}

/**
 * A mobile sign-in account: a valid mobile number (spec §5.1 iphone), or the
 * sub-account form `phone@account` when one phone serves several accounts.
 */
export function isSmsAccount(value: string): boolean {
  const parts = value.trim().split('@');
  if (parts.length > 2) return false;
  const [phone = '', sub] = parts;
  return patterns.iphone.test(phone) && (sub === undefined || patterns.userAccount.test(sub));
}

/** 13800000001 → 138****0001 (the sub-account part, if any, stays readable). */
export function maskPhone(account: string): string {
  const [phone = '', sub] = account.trim().split('@');
  const masked = phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
  return sub ? `${masked}@${sub}` : masked;
}

/** Seconds left until `until` (epoch ms), never negative. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The verification code field takes digits only; pasted text such as "123 456" or "code: 123456" still works. */
export function digitsOnly(value: string, max = 6): string {
  return value.replace(/\D+/g, '').slice(0, max);
}
