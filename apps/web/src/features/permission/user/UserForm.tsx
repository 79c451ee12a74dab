import { useEffect, useState } from 'react';
import { Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_USER_PASSWORD, type FileEntry } from '@medalliance/contract';
import { hashPassword } from '../../../api/password.ts';
import { userApi, type UserBody } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { GroupSelect } from '../../../components/pickers/org/GroupSelect.tsx';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { PositionSelect } from '../../../components/pickers/org/PositionSelect.tsx';
import { RoleSelect } from '../../../components/pickers/org/RoleSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import { toIds } from '../../../components/pickers/org/selection.ts';
import { ImageUploader } from '../../../components/upload/ImageUploader.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { DescriptionField, EnabledField, SortCodeField } from '../shared/recordFields.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useLatest } from '../shared/useLatest.ts';
import type { RecordFormProps } from '../shared/useRecordForm.ts';

interface Values {
  account: string;
  realName: string;
  nickName?: string;
  gender?: number;
  mobilePhone?: string;
  email?: string;
  idCard?: string;
  birthday?: Dayjs | null;
  telePhone?: string;
  headIcon?: string;
  organizeId: string[];
  positionId: string[];
  roleId: string[];
  groupId: string[];
  managerId?: string;
  password?: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Optional fields a column rule may hide (account and name are always needed). */
const EDITABLE = [
  'nickName',
  'gender',
  'mobilePhone',
  'email',
  'idCard',
  'birthday',
  'telePhone',
  'headIcon',
  'managerId',
  'sortCode',
  'description',
] as const;

/** The avatar as a one-image uploader; the field holds the image address. */
function AvatarField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const files: FileEntry[] = value
    ? [{ name: value.split('/').pop() ?? 'avatar', fileId: '', fileSize: 0, fileExtension: '', fileVersionId: '', url: value }]
    : [];
  return <ImageUploader value={files} onChange={(next) => onChange?.(next[0]?.url ?? '')} limit={1} type="userAvatar" />;
}

/**
 * Create / edit a user (spec §7.4, §5.1): account (userAccount rule), name
 * (fullName rule), mobile (iphone), email, ID number with its date check;
 * organisations, positions, roles, groups and manager through the pickers.
 */
export function UserForm({ target, onClose, onSaved }: RecordFormProps<{ id: string | null; organizeId?: string }>) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const id = target?.id ?? null;
  const close = useLatest(onClose);
  // Fields the server left out of the record (columns this user may not see): not shown, never sent.
  const [absent, setAbsent] = useState<Set<string>>(() => new Set());
  const shown = (name: string) => !absent.has(name);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    setAbsent(new Set());
    if (!target.id) {
      form.setFieldsValue({
        organizeId: target.organizeId ? [target.organizeId] : [],
        positionId: [],
        roleId: [],
        groupId: [],
        gender: 1,
        enabled: true,
        sortCode: 0,
      });
      return;
    }
    let live = true;
    setLoading(true);
    userApi
      .info(target.id)
      .then(({ data }) => {
        if (!live) return;
        setAbsent(new Set(EDITABLE.filter((k) => !(k in data))));
        form.setFieldsValue({
          account: data.account,
          realName: data.realName,
          nickName: data.nickName ?? undefined,
          gender: data.gender ?? undefined,
          mobilePhone: data.mobilePhone ?? undefined,
          email: data.email ?? undefined,
          idCard: data.idCard ?? undefined,
          birthday: data.birthday ? dayjs(Number(data.birthday)) : null,
          telePhone: data.telePhone ?? undefined,
          headIcon: data.headIcon ?? undefined,
          organizeId: toIds(data.organizeId, true),
          positionId: toIds(data.positionId, true),
          roleId: toIds(data.roleId, true),
          groupId: toIds(data.groupId, true),
          managerId: data.managerId ?? undefined,
          sortCode: data.sortCode,
          enabled: data.enabledMark === 1,
          description: data.description ?? undefined,
        });
      })
      .catch(() => close.current())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [target, form, close]);

  const save = useMutation({
    mutationFn: async (v: Values): Promise<unknown> => {
      const body: UserBody = {
        account: v.account.trim(),
        realName: v.realName.trim(),
        nickName: v.nickName?.trim() || null,
        gender: v.gender ?? null,
        mobilePhone: v.mobilePhone?.trim() || null,
        email: v.email?.trim() || null,
        idCard: v.idCard?.trim().toUpperCase() || null,
        birthday: v.birthday ? v.birthday.startOf('day').valueOf() : null,
        telePhone: v.telePhone?.trim() || null,
        headIcon: v.headIcon || null,
        organizeId: v.organizeId,
        positionId: v.positionId ?? [],
        roleId: v.roleId ?? [],
        groupId: v.groupId ?? [],
        managerId: v.managerId || null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      if (id) {
        for (const k of absent) delete (body as unknown as Record<string, unknown>)[k];
        return userApi.update(id, body);
      }
      // Spec §7.1: only the MD5 of a password crosses the wire.
      if (v.password) body.password = hashPassword(v.password);
      return userApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('common.saved'));
      onSaved();
      onClose();
    },
  });

  const half = { xs: 24, md: 12 };
  return (
    <FormDialog<Values>
      name="user"
      open={!!target}
      title={id ? t('user.editTitle') : t('user.addTitle')}
      form={form}
      width={860}
      labelWidth={96}
      loading={loading}
      saving={save.isPending}
      onSubmit={(v) => save.mutate(v)}
      onClose={onClose}
    >
      <div className="ma-perm-form-section">{t('user.section.basic')}</div>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="account" label={t('user.account')} rules={[rules.required(t('user.account')), rules.userAccount, rules.max(50)]}>
            <Input maxLength={50} disabled={!!id} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="realName" label={t('user.realName')} rules={[rules.required(t('user.realName')), rules.fullName, rules.max(50)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        {shown('gender') ? (
          <Col {...half}>
            <Form.Item name="gender" label={t('user.gender')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('user.male') },
                  { value: 2, label: t('user.female') },
                  { value: 3, label: t('user.secret') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        {shown('mobilePhone') ? (
          <Col {...half}>
            <Form.Item name="mobilePhone" label={t('user.mobilePhone')} rules={[rules.iphone]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
        ) : null}
        {shown('email') ? (
          <Col {...half}>
            <Form.Item name="email" label={t('user.email')} rules={[rules.email, rules.max(200)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        ) : null}
        {shown('idCard') ? (
          <Col {...half}>
            <Form.Item name="idCard" label={t('user.idCard')} rules={[rules.idCard]}>
              <Input maxLength={18} />
            </Form.Item>
          </Col>
        ) : null}
        {shown('birthday') ? (
          <Col {...half}>
            <Form.Item name="birthday" label={t('user.birthday')}>
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
            </Form.Item>
          </Col>
        ) : null}
        {shown('telePhone') ? (
          <Col {...half}>
            <Form.Item name="telePhone" label={t('user.telePhone')} rules={[rules.max(30)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
        ) : null}
        {shown('headIcon') ? (
          <Col {...half}>
            <Form.Item name="headIcon" label={t('user.headIcon')}>
              <AvatarField />
            </Form.Item>
          </Col>
        ) : null}
        {!id ? (
          <Col {...half}>
            <Form.Item
              name="password"
              label={t('user.password')}
              rules={[rules.password]}
              extra={t('user.passwordHint', { password: DEFAULT_USER_PASSWORD })}
            >
              <Input.Password maxLength={16} autoComplete="new-password" />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <div className="ma-perm-form-section">{t('user.section.organization')}</div>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="organizeId"
            label={t('user.organizes')}
            rules={[rules.requiredSelect(t('user.organizes'))]}
            extra={t('user.mainOrgHint')}
          >
            <OrganizeSelect multiple />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="positionId" label={t('user.positions')}>
            <PositionSelect multiple />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="roleId" label={t('user.roles')}>
            <RoleSelect multiple byPermission />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="groupId" label={t('user.groups')}>
            <GroupSelect multiple />
          </Form.Item>
        </Col>
        {shown('managerId') ? (
          <Col {...half}>
            <Form.Item name="managerId" label={t('user.manager')}>
              <UserSelect />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <div className="ma-perm-form-section">{t('user.section.other')}</div>
      <Row gutter={16}>
        <Col {...half}>
          <SortCodeField />
        </Col>
        <Col {...half}>
          <EnabledField />
        </Col>
        {shown('description') ? (
          <Col span={24}>
            <DescriptionField rows={2} />
          </Col>
        ) : null}
      </Row>
    </FormDialog>
  );
}
