import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowLinkType, flowDetailPath, validateRecord } from '@medalliance/contract';
import { onlineDevApi } from '../../../api/onlineDev.ts';
import { toast } from '../../../app/feedback.ts';
import { UserSelect } from '../../../components/pickers/org/index.ts';
import { NS as LOWCODE_NS } from '../../../lowcode/messages.ts';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { issueText } from '../../../lowcode/renderer/rules.ts';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { detailApi } from './detailApi.ts';
import { formForNode, missingChoice } from './fieldAccess.ts';
import { WORKFLOW_KEY } from './InstanceView.tsx';
import { LoadError } from './LoadError.tsx';
import { NS } from './messages.ts';
import { URGENCIES } from '../../../components/flowTags/flowTags.ts';
import { useFlowTagText } from '../../../components/flowTags/FlowTags.tsx';

/**
 * Starting a flow (type 0): the flow's model form, empty, as the start node
 * shows it. 保存草稿 creates (then updates) the record and stays; 提交审核
 * saves it and submits it into the flow, then opens the new instance.
 */
export function LaunchView({ flowId }: { flowId: string }) {
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation(LOWCODE_NS);
  const tags = useFlowTagText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [recordId, setRecordId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [title, setTitle] = useState('');
  const [urgency, setUrgency] = useState<number>(1);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const query = useQuery({
    queryKey: [WORKFLOW_KEY, 'start', flowId],
    queryFn: async () => (await detailApi.startForm(flowId)).data,
    retry: false,
    gcTime: 0,
  });
  const data = query.data;
  const shaped = useMemo(
    () => (data?.form.definition ? formForNode(data.form.definition, data.form.permissions, 'start', true) : null),
    [data],
  );

  if (query.isPending) return <Spin className="wfd-loading" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { flow } = data!;

  /** Creates or updates the record; its id, or null when the form is not valid. */
  const save = async (): Promise<string | null> => {
    if (!shaped) return null;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const { record, issues } = validateRecord(shaped, values);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.table ?? i.field, errors: [issueText(i, tl)] })));
      return null;
    }
    if (recordId) {
      await onlineDevApi.update(flow.formId, recordId, record);
      return recordId;
    }
    const res = await onlineDevApi.create(flow.formId, record);
    setRecordId(res.data.id);
    return res.data.id;
  };

  const run = async (kind: 'draft' | 'submit') => {
    setBusy(kind);
    try {
      if (kind === 'submit') {
        const missing = missingChoice(data!.chooseNext, chosen);
        if (missing) {
          toast.error(t('chooseApproverRequired', { node: missing.name }));
          return;
        }
      }
      const id = await save();
      if (!id) return;
      if (kind === 'draft') {
        toast.success(t('draftSaved'));
        return;
      }
      const res = await detailApi.submit({
        flowId: flow.id,
        modelId: flow.formId,
        recordId: id,
        title: title.trim() || flow.fullName,
        urgency,
        chosenApprovers: chosen,
      });
      toast.success(t('submitted'));
      void client.invalidateQueries({ queryKey: [WORKFLOW_KEY] });
      navigate(flowDetailPath({ type: FlowLinkType.launched, id: res.data.instanceId }), { replace: true });
    } catch {
      /* the http client showed the server's message */
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="wfd-page" data-testid="wfd-launch">
      <div className="wfd-header">
        <div className="wfd-header-title">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('launchTitle', { name: flow.fullName })}
          </Typography.Title>
        </div>
        <div className="wfd-launch-meta">
          <label>
            <span>{t('flowTitle')}</span>
            <Input
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={flow.fullName}
              maxLength={200}
              style={{ width: 280 }}
              data-testid="wfd-title"
            />
          </label>
          <label>
            <span>{t('urgency')}</span>
            <Select
              value={urgency}
              onChange={setUrgency}
              style={{ width: 120 }}
              options={URGENCIES.map((u) => ({ value: u, label: tags.urgency(u) }))}
              data-testid="wfd-urgency-select"
            />
          </label>
          {data!.chooseNext.map((n) => (
            <label key={n.id}>
              <span>{t('chooseApprover', { node: n.name })}</span>
              <UserSelect
                multiple
                value={chosen[n.id] ?? []}
                onChange={(v) => setChosen((c) => ({ ...c, [n.id]: Array.isArray(v) ? v : [v] }))}
                style={{ width: 240 }}
              />
            </label>
          ))}
        </div>
      </div>
      <div className="wfd-form">
        {shaped ? (
          <FormRenderer definition={shaped} mode="edit" form={form} values={initialValues(shaped)} />
        ) : (
          <Alert type="info" showIcon title={flow.formKind === 'model' ? t('formUnavailable') : t('noForm')} />
        )}
      </div>
      <div className="wfd-action-bar">
        <Space>
          <Button onClick={() => void run('draft')} loading={busy === 'draft'} disabled={!shaped || !!busy} data-testid="wfd-save-draft">
            {t('saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run('submit')}
            loading={busy === 'submit'}
            disabled={!shaped || !!busy}
            data-testid="wfd-submit"
          >
            {t('submit')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
