import { describe, expect, it } from 'vitest';
import { allowedDataUri, cleanCss } from './html-policy.ts';

describe('the shared policy helpers', () => {
  it('drops only the dangerous CSS declarations and rules', () => {
    const css = 'page-break-before:always; break-after:page;width:1px';
    expect(cleanCss(css)).toBe(css);
    expect(cleanCss('color:red;background:url(javascript:alert(1));margin:0')).toBe('color:red;;margin:0');
    expect(cleanCss('a{color:red}b{x:ex/**/pression(alert(1))}')).toBe('a{color:red}b{}');
    expect(cleanCss('x:\\65 xpression(1)')).toBe('');
    expect(cleanCss('@import "x.css";p{color:red}')).toBe(';p{color:red}');
    expect(cleanCss('background:url("data:image/png;base64,AAAA")')).toBe('background:url("data:image/png;base64,AAAA")');
    expect(cleanCss('background:url(data:text/html,x)')).toBe('');
  });

  it('allows data: URLs for raster pictures only', () => {
    expect(allowedDataUri('data:image/png;base64,AAAA')).toBe(true);
    expect(allowedDataUri(' DATA:IMAGE/JPEG;base64,AAAA')).toBe(true);
    expect(allowedDataUri('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(allowedDataUri('da\tta:text/html,x')).toBe(false);
    expect(allowedDataUri('/api/file/x.png')).toBe(true);
  });
});
