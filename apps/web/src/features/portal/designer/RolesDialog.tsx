import { useQuery } from '@tanstack/react-query';
import { Checkbox, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerNode } from '@medalliance/contract';
import { portalApi } from '../../../api/portal.ts';
import { roleApi } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';

const rolesOf = (nodes: PickerNode[]): PickerNode[] =>
  nodes.flatMap((n) => [...(n.type === 'role' ? [n] : []), ...rolesOf(n.children ?? [])]);
const uniqueRoles = (nodes: PickerNode[]) => [...new Map(rolesOf(nodes).map((r) => [r.id, r])).values()];

/** Which roles hold a portal: checked roles are saved as the whole set in one call. */
export function RolesDialog({ portal, onClose }: { portal: { id: string; fullName: string }; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const roles = useQuery({ queryKey: ['portal', 'roleOptions'], queryFn: async () => uniqueRoles((await roleApi.selector()).data.list) });
  const held = useQuery({
    queryKey: ['portal', 'roles', portal.id],
    queryFn: async () => (await portalApi.roles(portal.id)).data.roleIds,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (held.data && checked === null) setChecked(held.data);
  }, [held.data, checked]);
  const save = async () => {
    setSaving(true);
    try {
      await portalApi.saveRoles(portal.id, checked ?? []);
      toast.success(t('rolesDialog.saved'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('rolesDialog.title', { name: portal.fullName })}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ disabled: checked === null, 'data-testid': 'ma-portal-roles-ok' } as never}
      destroyOnHidden
    >
      <p className="ma-portal-hint">{t('rolesDialog.hint')}</p>
      {roles.data && checked !== null ? (
        <Checkbox.Group
          className="ma-portal-roles"
          value={checked}
          onChange={(v) => setChecked(v as string[])}
          options={roles.data.map((r) => ({ value: r.id, label: r.fullName }))}
          data-testid="ma-portal-roles"
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
