import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, formatFileSize } from '@medalliance/contract';
import { acceptOf, checkAccept, checkCount, checkSize, chunkPlan, isImage, retryDelay } from './uploadRules.ts';

describe('upload rules', () => {
  it('builds accept lists from the named kinds of spec §5.2', () => {
    expect(acceptOf(['image', 'pdf', 'excel'])).toBe('image/*,.pdf,.xls,.xlsx');
    expect(acceptOf('.txt')).toBe('.txt');
    expect(acceptOf(undefined)).toBe('');
  });

  it('checks type against accept by extension or MIME type', () => {
    expect(checkAccept({ name: 'a.PNG', type: '' }, 'image/*')).toBeNull();
    expect(checkAccept({ name: 'a.bin', type: 'image/png' }, 'image/*')).toBeNull();
    expect(checkAccept({ name: 'a.docx' }, '.doc,.docx')).toBeNull();
    expect(checkAccept({ name: 'a.exe' }, '.doc,.docx')).toEqual({ key: 'file.typeNotAllowed' });
    expect(checkAccept({ name: 'a.exe' }, '')).toBeNull();
  });

  it('limits size with the unit of the message', () => {
    expect(checkSize(5 * 1048576, 5, 'MB')).toBeNull();
    expect(checkSize(5 * 1048576 + 1, 5, 'MB')).toEqual({ key: 'file.sizeExceeds', values: { size: 5, unit: 'MB' } });
    expect(checkSize(2048, 1, 'KB', 'file.imageSizeExceeds')).toEqual({ key: 'file.imageSizeExceeds', values: { size: 1, unit: 'KB' } });
    expect(checkSize(1e12, undefined)).toBeNull();
  });

  it('limits the count, except in single-file mode', () => {
    expect(checkCount(2, 1, 3)).toBeNull();
    expect(checkCount(3, 1, 3)).toEqual({ key: 'file.countLimit', values: { count: 3 } });
    expect(checkCount(1, 1, 1)).toBeNull();
  });

  it('plans 5 MiB chunks with the remainder last', () => {
    const p = chunkPlan(CHUNK_SIZE * 2 + 5, CHUNK_SIZE);
    expect(p.totalChunks).toBe(3);
    expect(p.range(3)).toEqual({ start: CHUNK_SIZE * 2, end: CHUNK_SIZE * 2 + 5 });
    expect(chunkPlan(0, CHUNK_SIZE).totalChunks).toBe(1);
  });

  it('backs off between retries and knows images', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
    expect(isImage({ name: 'x.jpeg' })).toBe(true);
    expect(isImage({ name: 'x.pdf' })).toBe(false);
  });

  it('formats sizes in KB, MB and GB with 2 decimals (spec §9)', () => {
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5242880)).toBe('5.00 MB');
    expect(formatFileSize(1073741824 * 1.5)).toBe('1.50 GB');
  });
});
