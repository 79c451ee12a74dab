import { permissionLook } from '../../../components/listPage/look.ts';
import { useListConfirm } from '../../../components/listPage/useRowCommands.ts';

/** The spec's confirmations (§5.2) with the permission screens' texts. */
export const useConfirm = () => useListConfirm(permissionLook);
