import { signedUrl } from './fileApi.ts';

/** Downloads a stored file through a signed link (no Authorization header needed, no blob in memory). */
export async function downloadFile(url: string, name?: string): Promise<void> {
  const link = await signedUrl(url, false);
  const a = document.createElement('a');
  a.href = link;
  if (name) a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
