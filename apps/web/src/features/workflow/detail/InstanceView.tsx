import { useMemo, useState } from 'react';
import { Alert, Form, Spin, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordData } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { FlowProgress } from '../graph/FlowProgress.tsx';
import { ActionBar } from './ActionBar.tsx';
import { ActionDialog, type ActionKind } from './ActionDialog.tsx';
import { DetailHeader } from './DetailHeader.tsx';
import { detailApi, type InstanceDetail } from './detailApi.ts';
import { formForNode, pickValues, writableKeys } from './fieldAccess.ts';
import { LoadError } from './LoadError.tsx';
import { NS } from './messages.ts';
import { RecordTimeline } from './RecordTimeline.tsx';
import { SubFlowLinks } from './SubFlowLinks.tsx';

/** Every workflow query (to-do, done, launched lists, this page) starts with this key. */
export const WORKFLOW_KEY = 'workflow';

/** The form as the caller's node shows it: write fields editable only on my waiting task, read fields disabled. */
function NodeFormPane({ detail, form }: { detail: InstanceDetail; form: ReturnType<typeof Form.useForm>[0] }) {
  const { t } = useTranslation(NS);
  const { definition, values, permissions } = detail.form;
  const shaped = useMemo(
    () => (definition ? formForNode(definition, permissions, detail.node.type, detail.node.editable) : null),
    [definition, permissions, detail.node],
  );
  if (!shaped) return <Alert type="info" showIcon title={detail.form.kind === 'model' ? t('formUnavailable') : t('noForm')} />;
  const canWrite = writableKeys(shaped, permissions, detail.node.type, detail.node.editable).length > 0;
  return (
    <div className="wfd-form" data-testid="wfd-form">
      {detail.node.editable && canWrite && <Alert type="info" showIcon className="wfd-form-hint" title={t('readOnlyHint')} />}
      <FormRenderer definition={shaped} mode="edit" form={form} values={initialValues(shaped, values as RecordData)} disabled={!canWrite} />
    </div>
  );
}

/** An instance: header, form / flow chart / history tabs, and the caller's actions at the bottom. */
export function InstanceView({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [tab, setTab] = useState('form');
  const [action, setAction] = useState<ActionKind | null>(null);
  const query = useQuery({
    queryKey: [WORKFLOW_KEY, 'detail', instanceId],
    queryFn: async () => (await detailApi.instance(instanceId)).data,
    retry: false,
  });

  if (query.isPending) return <Spin className="wfd-loading" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const detail = query.data;

  /** The values the node writes, validated; null when a field is wrong (the form tab shows it). */
  const formData = async () => {
    const def = detail.form.definition;
    if (!def) return {};
    const keys = writableKeys(def, detail.form.permissions, detail.node.type, detail.node.editable);
    if (!keys.length) return {};
    try {
      await form.validateFields(keys);
    } catch {
      setTab('form');
      return null;
    }
    return pickValues(form.getFieldsValue(true) as Record<string, unknown>, keys);
  };

  const done = () => {
    setAction(null);
    // The lists (to-do, done, launched) and this page all start with the workflow key.
    void client.invalidateQueries({ queryKey: [WORKFLOW_KEY] });
  };

  const currentNodeIds = detail.nodeStates.filter((s) => s.status === 1).map((s) => s.nodeId);
  // The end has no node state of its own: an approved instance reached it.
  const end = detail.graph.nodes.find((n) => n.type === 'end');
  const nodeStates = detail.instance.status === 2 && end ? [...detail.nodeStates, { nodeId: end.id, status: 2 }] : detail.nodeStates;
  return (
    <div className="wfd-page" data-testid="wfd-instance">
      <DetailHeader detail={detail} />
      <SubFlowLinks detail={detail} />
      <Tabs
        className="wfd-tabs"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'form',
            label: t('tab.form'),
            forceRender: true,
            // Remounted after each reload so the form shows the values the server answered.
            children: <NodeFormPane key={query.dataUpdatedAt} detail={detail} form={form} />,
          },
          {
            key: 'graph',
            label: t('tab.graph'),
            children: <FlowProgress graph={detail.graph} nodeStates={nodeStates} currentNodeIds={currentNodeIds} height={440} />,
          },
          {
            key: 'records',
            label: t('tab.records'),
            children: <RecordTimeline records={detail.records} graph={detail.graph} subFlows={detail.subFlows?.children ?? []} />,
          },
        ]}
      />
      <ActionBar buttons={detail.buttons} onAction={setAction} />
      {action && <ActionDialog kind={action} detail={detail} formData={formData} onClose={() => setAction(null)} onDone={done} />}
    </div>
  );
}
