import { EditOutlined } from '@ant-design/icons';
import { patterns } from '@medalliance/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, DatePicker, Descriptions, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/stores/userStore.ts';
import { saveBaseInfo, type BaseInfo, type BaseInfoInput } from './profileApi.ts';
import { birthdayOf, birthdayParts, blankToNull, formatBirthday } from './profileRules.ts';
import { NS } from './messages.ts';

interface Fields {
  realName: string;
  nickName?: string;
  gender?: number;
  birthday?: Dayjs | null;
  mobilePhone?: string;
  email?: string;
  telePhone?: string;
  signature?: string;
  description?: string;
}

const GENDERS = [1, 2, 0] as const;

function toFields(info: BaseInfo): Fields {
  const b = birthdayParts(info.birthday);
  return {
    realName: info.realName,
    nickName: info.nickName ?? '',
    gender: info.gender ?? undefined,
    birthday: b ? dayjs(new Date(b.year, b.month - 1, b.day)) : null,
    mobilePhone: info.mobilePhone ?? '',
    email: info.email ?? '',
    telePhone: info.telePhone ?? '',
    signature: info.signature ?? '',
    description: info.description ?? '',
  };
}

function toInput(f: Fields): BaseInfoInput {
  return {
    realName: f.realName.trim(),
    ...(f.gender !== undefined && f.gender !== null ? { gender: f.gender } : {}),
    nickName: blankToNull(f.nickName),
    birthday: f.birthday ? birthdayOf(f.birthday.year(), f.birthday.month() + 1, f.birthday.date()) : null,
    mobilePhone: blankToNull(f.mobilePhone),
    email: blankToNull(f.email),
    telePhone: blankToNull(f.telePhone),
    signature: blankToNull(f.signature),
    description: blankToNull(f.description),
  };
}

/**
 * My basic information (spec §7.3 BaseInfo): read, then edit with the §5.1
 * rules the server applies too (name: fullName, mobile: iphone, email). The
 * top bar's name follows a saved change at once.
 */
export function BaseInfoTab({ info }: { info: BaseInfo }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Fields>();
  const none = t('none');
  const rule = (key: string) => t(key, { ns: 'rules' });

  const save = useMutation({
    mutationFn: (input: BaseInfoInput) => saveBaseInfo(input),
    onSuccess: (_, input) => {
      message.success(t('saved'));
      useUser.setState((s) => (s.userInfo ? { userInfo: { ...s.userInfo, userName: input.realName } } : {}));
      void client.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
      setEditing(false);
    },
  });

  if (!editing) {
    const gender = info.gender === null || info.gender === undefined ? none : t(`gender.${info.gender}`);
    return (
      <div className="ma-profile-basic" data-mode="view">
        <div className="ma-profile-toolbar">
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
        </div>
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'account', label: t('account'), children: info.account },
            { key: 'realName', label: t('realName'), children: info.realName },
            { key: 'nickName', label: t('nickName'), children: info.nickName || none },
            { key: 'gender', label: t('gender'), children: gender },
            { key: 'birthday', label: t('birthday'), children: formatBirthday(info.birthday) ?? none },
            { key: 'mobilePhone', label: t('mobilePhone'), children: info.mobilePhone || none },
            { key: 'email', label: t('email'), children: info.email || none },
            { key: 'telePhone', label: t('telePhone'), children: info.telePhone || none },
            { key: 'organize', label: t('organize'), children: info.organizeName || none },
            { key: 'position', label: t('position'), children: info.positionName || none },
            { key: 'roles', label: t('roles'), children: info.roleName || none },
            { key: 'manager', label: t('manager'), children: info.managerName || none },
            { key: 'signature', label: t('signature'), children: info.signature || none, span: { xs: 1, sm: 1, md: 2 } },
            { key: 'description', label: t('description'), children: info.description || none, span: { xs: 1, sm: 1, md: 2 } },
          ]}
        />
      </div>
    );
  }

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      className="ma-profile-basic"
      data-mode="edit"
      initialValues={toFields(info)}
      onFinish={(values) => save.mutate(toInput(values))}
      disabled={save.isPending}
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item label={t('account')}>
            <Input value={info.account} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="realName"
            label={t('realName')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('realNameRequired') },
              { pattern: patterns.fullName, message: rule('rules.fullName') },
            ]}
          >
            <Input maxLength={50} placeholder={t('enter', { label: t('realName') })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nickName" label={t('nickName')}>
            <Input maxLength={50} placeholder={t('enter', { label: t('nickName') })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('gender')}>
            <Select
              allowClear
              placeholder={t('select', { label: t('gender') })}
              options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="birthday" label={t('birthday')}>
            <DatePicker
              style={{ width: '100%' }}
              placeholder={t('select', { label: t('birthday') })}
              disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.year() < 1900}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobilePhone" label={t('mobilePhone')} rules={[{ pattern: patterns.iphone, message: rule('rules.iphone') }]}>
            <Input maxLength={11} inputMode="tel" placeholder={t('enter', { label: t('mobilePhone') })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('email')} rules={[{ pattern: patterns.email, message: rule('rules.email') }]}>
            <Input maxLength={100} inputMode="email" placeholder={t('enter', { label: t('email') })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="telePhone" label={t('telePhone')}>
            <Input maxLength={30} placeholder={t('enter', { label: t('telePhone') })} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="signature" label={t('signature')}>
            <Input.TextArea
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('enter', { label: t('signature') })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('enter', { label: t('description') })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button onClick={() => setEditing(false)} disabled={save.isPending}>
          {t('cancel')}
        </Button>
      </Space>
    </Form>
  );
}
