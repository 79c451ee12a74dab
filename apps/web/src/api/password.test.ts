import { describe, expect, it } from 'vitest';
import { hashPassword } from './password.ts';

describe('hashPassword', () => {
  it('gives the lowercase md5 hex', () => {
    expect(hashPassword('admin123')).toBe('0192023a7bbd73250516f069df18b500');
    expect(hashPassword('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
  });
});
