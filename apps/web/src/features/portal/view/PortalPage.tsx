import { useView } from '../../../app/shell/ViewContext.ts';
import { PortalScreen } from './PortalScreen.tsx';

/** Menu type 8 (spec §2.3): the portal named by the menu's propertyJson.moduleId, in its tab. */
export default function PortalPage() {
  const view = useView();
  return <PortalScreen id={view?.meta.relationId} />;
}
