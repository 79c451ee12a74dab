import type { ImgHTMLAttributes } from 'react';
import { useSignedUrl } from './useSignedUrl.ts';

/** An <img> of a stored image (`/api/file/Image/{type}/{name}`), through a signed link. */
export function AuthImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const signed = useSignedUrl(src.startsWith('/api/file/') ? src : undefined, true);
  const shown = src.startsWith('/api/file/') ? signed : src;
  return shown ? <img src={shown} alt={alt ?? ''} {...rest} /> : <span className="ma-upload-img-placeholder" aria-busy="true" />;
}
