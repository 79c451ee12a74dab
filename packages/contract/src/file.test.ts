import { describe, expect, it } from 'vitest';
import { chunkFields, fileCategory, fileExtension, matchesAccept, mergeFields, sizeWithUnit, typeCategories } from './file.ts';

describe('file helpers', () => {
  it('classifies extensions into the four categories of spec §9', () => {
    expect(fileCategory('JPG')).toBe('image');
    expect(fileCategory('.mp4')).toBe('video');
    expect(fileCategory('mp3')).toBe('audio');
    expect(fileCategory('docx')).toBe('document');
    expect(fileCategory('exe')).toBeNull();
    expect(fileCategory('svg')).toBeNull();
  });

  it('takes the extension of the base name only', () => {
    expect(fileExtension('a/b.c/report.PDF')).toBe('pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('matches accept lists by extension and MIME type', () => {
    expect(matchesAccept('image/*', { name: 'x.webp' })).toBe(true);
    expect(matchesAccept('.xls,.xlsx', { name: 'x.XLSX' })).toBe(true);
    expect(matchesAccept('application/pdf', { name: 'x', type: 'application/pdf' })).toBe(true);
    expect(matchesAccept('video/*', { name: 'x.mp3', type: 'audio/mpeg' })).toBe(false);
  });

  it('prints sizes with units for the messages', () => {
    expect(sizeWithUnit(5242880)).toEqual({ size: 5, unit: 'MB' });
    expect(sizeWithUnit(10 * 1073741824)).toEqual({ size: 10, unit: 'GB' });
    expect(sizeWithUnit(1536)).toEqual({ size: 1.5, unit: 'KB' });
  });

  it('restricts avatars, chat and picture fields to images and imports to documents', () => {
    expect(typeCategories('userAvatar')).toEqual(['image']);
    expect(typeCategories('IM')).toEqual(['image']);
    expect(typeCategories('import')).toEqual(['document']);
    expect(typeCategories('annex')).toHaveLength(4);
  });

  it('parses the chunk and merge fields in both spellings, with the identifier lower-cased', () => {
    const c = chunkFields.parse({ identifier: 'A'.repeat(32), totalChunks: '2', totalSize: '6000000', filename: 'a.pdf' });
    expect(c).toMatchObject({ identifier: 'a'.repeat(32), totalChunks: 2, chunkSize: 5242880, fileName: 'a.pdf', type: 'annex' });
    expect(chunkFields.safeParse({ identifier: '../etc', totalChunks: 1, totalSize: 1 }).success).toBe(false);
    expect(mergeFields.parse({ identifier: 'b'.repeat(32), filename: 'x.txt', totalSize: '3' })).toMatchObject({
      fileName: 'x.txt',
      fileSize: 3,
    });
  });
});
