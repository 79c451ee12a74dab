import type { SysConfig } from '../../../api/system.ts';

/** The keys whose value differs from the stored settings (only those are sent). */
export function changedSettings(before: Partial<SysConfig>, after: Partial<SysConfig>): Partial<SysConfig> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    if (JSON.stringify(v) !== JSON.stringify(before[k as keyof SysConfig])) out[k] = v;
  }
  return out as Partial<SysConfig>;
}

/** Host allow-list entries as the server accepts them: host, *.domain, host:port or an IP. */
export const HOST_PATTERN = /^(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$|^\[?[0-9a-fA-F:.]+\]?(:\d{1,5})?$/;
export const CIDR_PATTERN = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

/** Trims, drops empties and duplicates (case-insensitive), and lists the entries that do not match. */
export function cleanList(values: readonly string[], pattern: RegExp): { list: string[]; invalid: string[] } {
  const list: string[] = [];
  const invalid: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (!v || list.some((x) => x.toLowerCase() === v.toLowerCase())) continue;
    if (!pattern.test(v)) invalid.push(v);
    list.push(v);
  }
  return { list, invalid };
}

export const BYTES_PER_KB = 1024;
