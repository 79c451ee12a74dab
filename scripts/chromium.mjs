import fs from 'node:fs';

/** A Chromium for the browser tests: CHROMIUM_PATH, else Debian's package. Playwright downloads none. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}
