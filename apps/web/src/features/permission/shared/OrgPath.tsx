import { Tooltip } from 'antd';

/**
 * An organisation path ('group/hospital/internal medicine'): shown without the
 * alliance root every path shares, at most its last two levels; the whole path on hover.
 */
export function OrgPath({ path }: { path: string | null | undefined }) {
  if (!path) return null;
  const parts = path.split('/');
  const rest = parts.length > 1 ? parts.slice(1) : parts;
  const short = rest.length > 2 ? `…/${rest.slice(-2).join('/')}` : rest.join('/');
  return (
    <Tooltip title={path} placement="topLeft">
      <span className="ma-perm-ellipsis">{short}</span>
    </Tooltip>
  );
}
