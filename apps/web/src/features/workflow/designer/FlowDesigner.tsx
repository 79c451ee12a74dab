import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Drawer, Space, Spin, Tag, Tooltip } from 'antd';
import { ApartmentOutlined, CheckCircleOutlined, HistoryOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { ReactFlowProvider } from '@xyflow/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { flowEngineApi } from '../engine/flowEngineApi.ts';
import { checkGraph, type DesignIssue } from './checkGraph.ts';
import { DesignerCanvas } from './DesignerCanvas.tsx';
import { autoLayout, removeElements, withPositions, type EditableGraph } from './graphOps.ts';
import { IssueList } from './IssueList.tsx';
import { SidePanel, type Selection } from './SidePanel.tsx';
import { useDesignerKeys } from './useDesignerKeys.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';
import { NS } from './messages.ts';
import '../graph/messages.ts';
import './designer.css';

/**
 * The flow designer over one flow definition: draw and configure the graph,
 * validate it (the contract's checks, pointed at the node or edge), save it
 * as a draft, release it as a new version, read old versions.
 */
export default function FlowDesigner({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const info = useQuery({ queryKey: ['wfEngine', 'info', id], queryFn: async () => (await flowEngineApi.info(id)).data, gcTime: 0 });
  const fields = useQuery({ queryKey: ['wfEngine', 'fields', id], queryFn: async () => (await flowEngineApi.formFields(id)).data.list });
  const [graph, setGraph] = useState<EditableGraph | null>(null);
  const [dirty, setDirty] = useState(false);
  const [selection, setSelection] = useState<Selection>(null);
  // Once validated, the findings follow every edit, so a fixed problem stops being outlined at once.
  const [checking, setChecking] = useState(false);
  const issues = useMemo(() => (checking && graph ? checkGraph(graph).issues : []), [checking, graph]);
  const [busy, setBusy] = useState(false);
  const [versions, setVersions] = useState(false);
  const [fitSignal, setFitSignal] = useState(0);

  useEffect(() => {
    if (info.data && !graph) setGraph(withPositions(info.data.graph));
  }, [info.data, graph]);

  const edit = useCallback((g: EditableGraph) => {
    setGraph(g);
    setDirty(true);
  }, []);

  const issueText = (i: DesignIssue) => {
    const where = i.nodeId ? graph?.nodes.find((n) => n.id === i.nodeId)?.name : undefined;
    const msg = t(`issue.${i.code}`, { path: i.path ?? '' });
    return where ? `${where}: ${msg}` : msg;
  };
  const pick = (i: DesignIssue) =>
    setSelection(i.nodeId ? { kind: 'node', id: i.nodeId } : i.edgeId ? { kind: 'edge', id: i.edgeId } : null);

  /** Runs the checks; answers the graph fit to release, or shows what is wrong and selects the first place. */
  const validate = (quiet = false) => {
    if (!graph) return null;
    const res = checkGraph(graph);
    setChecking(true);
    if (res.issues.length) {
      toast.error(t('invalidCount', { count: res.issues.length }));
      pick(res.issues[0]!);
      return null;
    }
    if (!quiet) toast.success(t('valid'));
    return res.graph;
  };

  const saveDraft = async () => {
    if (!graph || busy) return;
    // A draft may be unfinished, but each node's settings must already have their shape (the server checks that too).
    const shape = checkGraph(graph).issues.filter((i) => i.code === 'shape');
    if (shape.length) {
      setChecking(true);
      pick(shape[0]!);
      toast.error(t('invalidCount', { count: shape.length }));
      return;
    }
    setBusy(true);
    try {
      await flowEngineApi.saveDraft(id, graph as Parameters<typeof flowEngineApi.saveDraft>[1]);
      setDirty(false);
      toast.success(t('draftSaved'));
    } finally {
      setBusy(false);
    }
  };

  const release = () => {
    const ok = validate(true);
    if (!ok) return;
    modal.confirm({
      title: t('tip'),
      content: t('releaseConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const res = await flowEngineApi.release(id, ok);
        toast.success(t('released', { version: res.data.version }));
        setDirty(false);
        await info.refetch();
        onChanged();
      },
    });
  };

  const removeSelected = () => {
    if (!graph || !selection) return;
    if (selection.kind === 'node' && graph.nodes.find((n) => n.id === selection.id)?.type === 'start') {
      toast.warning(t('cannotDeleteStart'));
      return;
    }
    edit(selection.kind === 'node' ? removeElements(graph, [selection.id]) : removeElements(graph, [], [selection.id]));
    setSelection(null);
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: t('tip'), content: t('closeConfirm'), okText: t('ok'), cancelText: t('cancel'), onOk: onClose });
  };

  useDesignerKeys({ onDelete: removeSelected, onSave: () => void saveDraft().catch(() => undefined) });

  const toolbar = (
    <Space>
      <Tooltip title={t('shortcuts')}>
        <Button
          icon={<ApartmentOutlined />}
          onClick={() => {
            if (!graph) return;
            edit(autoLayout(graph));
            setFitSignal((n) => n + 1);
          }}
          data-testid="wf-auto-layout"
        >
          {t('autoLayout')}
        </Button>
      </Tooltip>
      <Button icon={<CheckCircleOutlined />} onClick={() => validate()} data-testid="wf-validate">
        {t('validate')}
      </Button>
      <Button icon={<HistoryOutlined />} onClick={() => setVersions(true)} data-testid="wf-versions-open">
        {t('versions')}
      </Button>
      <Button icon={<SaveOutlined />} loading={busy} onClick={() => void saveDraft().catch(() => undefined)} data-testid="wf-save-draft">
        {t('saveDraft')}
      </Button>
      <Button type="primary" icon={<SendOutlined />} onClick={release} data-testid="wf-release">
        {t('release')}
      </Button>
    </Space>
  );

  return (
    <Drawer
      open
      size="100%"
      className="wf-designer-drawer"
      title={
        <Space>
          {t('title', { name: info.data?.fullName ?? '' })}
          {info.data && <Tag>v{info.data.version}</Tag>}
          {(dirty || info.data?.hasDraft) && <Tag color="orange">{t('hasDraft')}</Tag>}
        </Space>
      }
      extra={toolbar}
      onClose={close}
      keyboard={false}
      destroyOnHidden
      data-testid="wf-designer"
    >
      {!graph ? (
        <Spin style={{ margin: 48 }} />
      ) : (
        <div className="wf-designer">
          <ReactFlowProvider>
            <DesignerCanvas
              graph={graph}
              onChange={edit}
              selection={selection}
              onSelect={setSelection}
              fields={fields.data ?? []}
              issues={issues}
              fitSignal={fitSignal}
              left={<IssueList issues={issues} text={issueText} onPick={pick} />}
            />
          </ReactFlowProvider>
          <aside className="wf-designer-right">
            <SidePanel
              flowId={id}
              graph={graph}
              selection={selection}
              fields={fields.data ?? []}
              issues={issues}
              issueText={issueText}
              onChange={edit}
              onDelete={removeSelected}
            />
          </aside>
        </div>
      )}
      {versions && info.data && (
        <VersionsDrawer
          info={info.data}
          onClose={() => setVersions(false)}
          onLoad={(g, version) => {
            edit(withPositions(g));
            setSelection(null);
            setChecking(false);
            toast.info(t('versionLoaded', { version }));
          }}
        />
      )}
    </Drawer>
  );
}
