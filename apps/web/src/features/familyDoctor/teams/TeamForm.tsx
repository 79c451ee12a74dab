import { useEffect } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_MEMBER_ROLES, type FdMemberRole, type FdTeamRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, type TeamBody, type Unit } from './api.ts';
import { NS } from './messages.ts';

interface Values {
  orgId?: string;
  code: string;
  name: string;
  leaderId?: string;
  intro: string;
  members: { userId?: string; role: FdMemberRole }[];
}

/**
 * A team's form: unit, code, name, members (family doctor, nurse,
 * public-health doctor) picked from the unit's staff, leader among them.
 * "Save" keeps a draft; "save and submit" starts the audit flow.
 */
export function TeamForm({
  open,
  team,
  units,
  onClose,
}: {
  open: boolean;
  team: FdTeamRow | null;
  units: Unit[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const orgId = Form.useWatch('orgId', form);
  const members = Form.useWatch('members', form) ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      team
        ? {
            orgId: team.orgId,
            code: team.code,
            name: team.name,
            leaderId: team.leaderId ?? undefined,
            intro: team.intro,
            members: team.members.map((m) => ({ userId: m.userId, role: m.role })),
          }
        : { orgId: units.length === 1 ? units[0]!.id : undefined, code: '', name: '', intro: '', members: [{ role: 'doctor' }] },
    );
  }, [open, team, units, form]);

  const staff = useQuery({
    queryKey: ['fdTeams', 'candidates', orgId],
    queryFn: async () => (await fdApi.candidates(orgId!)).data,
    enabled: open && !!orgId,
  });

  const save = useMutation({
    mutationFn: async ({ v, submit }: { v: Values; submit: boolean }) => {
      const body: TeamBody = {
        orgId: v.orgId!,
        code: v.code,
        name: v.name,
        leaderId: v.leaderId!,
        intro: v.intro ?? '',
        members: v.members.map((m) => ({ userId: m.userId!, role: m.role })),
      };
      const id = team ? (await fdApi.updateTeam(team.id, body), team.id) : (await fdApi.createTeam(body)).data.id;
      if (submit) await fdApi.submitTeam(id);
      return submit;
    },
    onSuccess: (submitted) => {
      toast.success(t(submitted ? 'submitted' : 'saved'));
      onClose(true);
    },
  });
  const run = async (submit: boolean) => save.mutate({ v: await form.validateFields(), submit });

  const staffOptions = (staff.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.orgName ?? u.account}）` }));
  const chosen = members.map((m) => m?.userId).filter(Boolean) as string[];
  const leaderOptions = staffOptions.filter((o) => chosen.includes(o.value));

  return (
    <Modal
      open={open}
      width={720}
      title={t(team ? 'form.titleEdit' : 'form.titleAdd')}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('cancel')}</Button>
          <Button loading={save.isPending} onClick={() => void run(false)} data-testid="fd-team-save">
            {t('save')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void run(true)} data-testid="fd-team-save-submit">
            {t('saveSubmit')}
          </Button>
        </Space>
      }
    >
      {team?.status === 'active' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('editActiveHint')} />}
      <Form form={form} layout="vertical" data-testid="fd-team-form">
        <Form.Item name="orgId" label={t('form.unit')} rules={[{ required: true, message: t('form.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={units.map((u) => ({ value: u.id, label: u.name }))}
            onChange={() => form.setFieldsValue({ members: [{ role: 'doctor' }], leaderId: undefined })}
            data-testid="fd-team-unit"
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="code"
            label={t('col.code')}
            style={{ width: '40%' }}
            rules={[
              { required: true, message: t('form.required') },
              { pattern: /^[A-Za-z0-9._-]+$/, message: t('form.codeRule') },
              { max: 40 },
            ]}
          >
            <Input maxLength={40} data-testid="fd-team-code" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('col.name')}
            style={{ width: '60%', paddingLeft: 12 }}
            rules={[{ required: true, message: t('form.required') }, { max: 100 }]}
          >
            <Input maxLength={100} data-testid="fd-team-name" />
          </Form.Item>
        </Space.Compact>
        <Form.List
          name="members"
          rules={[{ validator: async (_, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error(t('form.membersRequired')))) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="fd-members">
              <div className="fd-members-label">{t('col.members')}</div>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[f.name, 'userId']}
                    rules={[{ required: true, message: t('form.required') }]}
                    style={{ width: 320, marginBottom: 8 }}
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      placeholder={orgId ? t('form.member') : t('form.pickUnitFirst')}
                      disabled={!orgId}
                      loading={staff.isFetching}
                      options={staffOptions.filter((o) => o.value === members[i]?.userId || !chosen.includes(o.value))}
                      data-testid={`fd-team-member-${i}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'role']}
                    rules={[{ required: true, message: t('form.required') }]}
                    style={{ width: 160, marginBottom: 8 }}
                  >
                    <Select options={FD_MEMBER_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} data-testid={`fd-team-role-${i}`} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('remove')}
                    disabled={fields.length === 1}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ role: 'doctor' })}
                disabled={!orgId}
                data-testid="fd-team-add-member"
              >
                {t('form.addMember')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <Form.Item
          name="leaderId"
          label={t('col.leader')}
          extra={t('form.leaderHint')}
          rules={[{ required: true, message: t('form.required') }]}
          style={{ marginTop: 12 }}
        >
          <Select options={leaderOptions} data-testid="fd-team-leader" />
        </Form.Item>
        <Form.Item name="intro" label={t('col.intro')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
