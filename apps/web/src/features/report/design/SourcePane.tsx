import { useMemo } from 'react';
import { Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportSource } from '@medalliance/contract';
import { visualdevApi } from '../../../api/visualdev.ts';
import { dataInterfaceApi } from '../../../api/system.ts';
import { NS } from '../messages.ts';

/** Chooses the data source: a released model (Base/Selector) or a data interface. */
export function SourcePane({ value, onChange }: { value: ReportSource; onChange: (s: ReportSource) => void }) {
  const { t } = useTranslation(NS);
  const models = useQuery({
    queryKey: ['report', 'models'],
    queryFn: async () => (await visualdevApi.selector()).data.list,
    enabled: value.kind === 'model',
  });
  const interfaces = useQuery({
    queryKey: ['report', 'interfaces'],
    queryFn: async () => (await dataInterfaceApi.selector()).data,
    enabled: value.kind === 'interface',
  });
  // Only SQL interfaces (dataType 1) can be grouped in the database.
  const interfaceOptions = useMemo(
    () =>
      (interfaces.data ?? [])
        .map((c) => ({
          label: c.fullName,
          options: (c.children ?? [])
            .filter((i) => i.dataType === 1)
            .map((i) => ({ value: i.id, label: `${i.fullName} (${i.enCode ?? ''})` })),
        }))
        .filter((g) => g.options.length),
    [interfaces.data],
  );
  const options = useMemo(
    () =>
      (models.data ?? []).map((c) => ({
        label: c.fullName,
        options: (c.children ?? []).map((m) => ({ value: m.id, label: `${m.fullName} (${m.enCode})` })),
      })),
    [models.data],
  );
  return (
    <div className="report-source" data-testid="rd-source">
      <Radio.Group
        value={value.kind}
        onChange={(e) => onChange(e.target.value === 'model' ? { kind: 'model', modelId: '' } : { kind: 'interface', interfaceId: '' })}
        optionType="button"
        options={[
          { value: 'model', label: t('source.model') },
          { value: 'interface', label: t('source.interface') },
        ]}
      />
      <div style={{ marginTop: 8 }}>
        {value.kind === 'model' ? (
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder={t('chooseModel')}
            loading={models.isLoading}
            value={value.modelId || undefined}
            options={options}
            onChange={(modelId: string) => onChange({ kind: 'model', modelId })}
            data-testid="rd-model-select"
          />
        ) : (
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder={t('chooseInterface')}
            loading={interfaces.isLoading}
            value={value.interfaceId || undefined}
            options={interfaceOptions}
            onChange={(interfaceId: string) => onChange({ kind: 'interface', interfaceId })}
            data-testid="rd-interface-select"
          />
        )}
      </div>
    </div>
  );
}
