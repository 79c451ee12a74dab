import { describe, expect, it } from 'vitest';
import { refuseImages } from './imageCheck.ts';

describe('chat image checks', () => {
  const png = (size: number, name = 'scan.png', type = 'image/png') => ({ name, size, type });
  it('takes one image up to 5242880 bytes', () => {
    expect(refuseImages([png(1)])).toBeNull();
    expect(refuseImages([png(5242880)])).toBeNull();
    expect(refuseImages([png(5242881)])).toBe('imageTooBig');
  });
  it('refuses other files, several files, and names that lie about the type', () => {
    expect(refuseImages([png(10, 'report.pdf', 'application/pdf')])).toBe('imageOnly');
    expect(refuseImages([png(10, 'x.png', 'text/html')])).toBe('imageOnly');
    expect(refuseImages([png(10, 'x.html', 'image/png')])).toBe('imageOnly');
    expect(refuseImages([png(10), png(10)])).toBe('oneImage');
    expect(refuseImages([])).toBeNull();
  });
});
