import { describe, expect, it } from 'vitest';
import { digitsOnly, isLoginMode, isSmsAccount, maskPhone, secondsLeft } from './loginRules.ts';

describe('login rules', () => {
  it('accepts a mobile number or phone@account', () => {
    expect(isSmsAccount('13800000001')).toBe(true);
    expect(isSmsAccount(' 13800000001 ')).toBe(true);
    expect(isSmsAccount('13800000001@admin')).toBe(true);
    expect(isSmsAccount('13800000001@zhang3')).toBe(true);
  });
  it('refuses what is not a mobile sign-in account', () => {
    expect(isSmsAccount('')).toBe(false);
    expect(isSmsAccount('12800000001')).toBe(false);
    expect(isSmsAccount('1380000000')).toBe(false);
    expect(isSmsAccount('138000000011')).toBe(false);
    expect(isSmsAccount('13800000001@')).toBe(false);
    expect(isSmsAccount('13800000001@a@b')).toBe(false);
    expect(isSmsAccount('13800000001@a-b')).toBe(false);
    expect(isSmsAccount('admin')).toBe(false);
    expect(isSmsAccount("13800000001' or 1=1")).toBe(false);
  });
  it('masks the middle of the phone number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('13800000001@admin')).toBe('138****0001@admin');
    expect(maskPhone('123')).toBe('123');
  });
  it('counts down whole seconds and stops at zero', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(60_500, 1_000)).toBe(60);
    expect(secondsLeft(1_000, 1_000)).toBe(0);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });
  it('keeps the digits of a typed or pasted code', () => {
    expect(digitsOnly('123 456')).toBe('123456');
    expect(digitsOnly('code: 12345678')).toBe('123456');
    expect(digitsOnly('abc')).toBe('');
  });
  it('knows the three modes', () => {
    expect(isLoginMode('sms')).toBe(true);
    expect(isLoginMode('scan')).toBe(true);
    expect(isLoginMode('qr')).toBe(false);
    expect(isLoginMode(null)).toBe(false);
  });
});
