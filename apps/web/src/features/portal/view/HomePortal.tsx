import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';
import { PortalScreen } from './PortalScreen.tsx';

/** The home page as a portal, with a switch among the caller's portals. */
export default function HomePortal({ homeId, list }: { homeId: string; list: { id: string; fullName: string }[] }) {
  const { t } = useTranslation(NS);
  const [shown, setShown] = useState(homeId);
  const bar =
    list.length > 1 ? (
      <Select
        size="small"
        value={shown}
        onChange={setShown}
        aria-label={t('home.switch')}
        options={list.map((p) => ({ value: p.id, label: p.fullName }))}
        style={{ minWidth: 160 }}
      />
    ) : null;
  return (
    <div className="ma-home-portal" data-testid="ma-home-portal">
      <PortalScreen id={shown} bar={bar} />
    </div>
  );
}
