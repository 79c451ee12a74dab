import { useState } from 'react';
import { Button, Drawer, List, Modal, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FlowGraph } from '@medalliance/contract';
import { FlowProgress } from '../graph/FlowProgress.tsx';
import { flowEngineApi, type FlowInfo } from '../engine/flowEngineApi.ts';
import { NS } from './messages.ts';

/** The released versions, newest first; each opens read-only, and can be loaded into the designer to start from it. */
export function VersionsDrawer({
  info,
  onClose,
  onLoad,
}: {
  info: FlowInfo;
  onClose: () => void;
  onLoad: (g: FlowGraph, version: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [viewing, setViewing] = useState<string | null>(null);
  const version = useQuery({
    queryKey: ['wfEngine', 'version', info.id, viewing],
    queryFn: async () => (await flowEngineApi.version(info.id, viewing!)).data,
    enabled: !!viewing,
  });
  return (
    <Drawer open title={t('versionList')} size={360} onClose={onClose}>
      <List
        dataSource={info.versions}
        data-testid="wf-versions"
        renderItem={(v) => (
          <List.Item
            actions={[
              <Button key="view" size="small" onClick={() => setViewing(v.id)} data-testid={`wf-version-${v.version}`}>
                {t('view')}
              </Button>,
            ]}
          >
            <Space>
              <strong>v{v.version}</strong>
              {v.id === info.currentVersionId && <Tag color="green">{t('current')}</Tag>}
              <span style={{ color: '#8c8c8c' }}>{dayjs(v.createdAt).format('YYYY-MM-DD HH:mm')}</span>
            </Space>
          </List.Item>
        )}
      />
      {viewing && (
        <Modal
          open
          width={900}
          title={version.data ? t('readOnlyTitle', { version: version.data.version }) : ''}
          onCancel={() => setViewing(null)}
          footer={[
            <Button key="close" onClick={() => setViewing(null)}>
              {t('close')}
            </Button>,
            <Button
              key="load"
              type="primary"
              disabled={!version.data}
              onClick={() => {
                onLoad(version.data!.graph, version.data!.version);
                setViewing(null);
              }}
            >
              {t('useVersion')}
            </Button>,
          ]}
        >
          <FlowProgress graph={version.data?.graph} height={480} legend={false} />
        </Modal>
      )}
    </Drawer>
  );
}
