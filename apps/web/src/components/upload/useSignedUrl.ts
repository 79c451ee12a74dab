import { useQuery } from '@tanstack/react-query';
import { signedUrl } from './fileApi.ts';

/**
 * A signed address for a file URL (`/api/file/Image/…`, `/api/file/Download/…`),
 * for <img>, <video> and frames, which cannot send the Authorization header.
 * Links live an hour on the server; they are renewed after 50 minutes.
 */
export function useSignedUrl(url: string | undefined, inline = true): string | undefined {
  const q = useQuery({
    queryKey: ['file', 'signed', url, inline],
    queryFn: () => signedUrl(url!, inline),
    enabled: !!url,
    staleTime: 50 * 60_000,
    gcTime: 55 * 60_000,
    refetchInterval: 50 * 60_000,
    retry: 1,
  });
  return q.data;
}
