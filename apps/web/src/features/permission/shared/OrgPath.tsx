import { Tooltip } from 'antd';

/** An organisation path ('group/hospital/internal medicine'): the last two levels shown, the whole path on hover. */
export function OrgPath({ path }: { path: string | null | undefined }) {
  if (!path) return null;
  const parts = path.split('/');
  const short = parts.length > 2 ? `…/${parts.slice(-2).join('/')}` : path;
  return (
    <Tooltip title={path} placement="topLeft">
      <span className="ma-perm-ellipsis">{short}</span>
    </Tooltip>
  );
}
