import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPS, type ConditionOp } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { emptyGroup, emptyRow, TOKEN_OPS, type CondGroup, type CondRow, type ConditionError, type FieldDef } from './conditionBuilder.ts';

interface Props {
  value: CondGroup[];
  onChange: (groups: CondGroup[]) => void;
  fields: FieldDef[];
  tokens: string[];
  errors: Map<string, ConditionError>;
}

/**
 * Groups of conditions: field, operator, fixed value or a token; each group
 * joins its rows with 'all' or 'any', and every group must hold.
 */
export function ConditionEditor({ value, onChange, fields, tokens, errors }: Props) {
  const { t } = useTranslation(NS);
  const setGroup = (key: string, next: Partial<CondGroup>) => onChange(value.map((g) => (g.key === key ? { ...g, ...next } : g)));
  const setRow = (g: CondGroup, key: string, next: Partial<CondRow>) =>
    setGroup(g.key, { rows: g.rows.map((r) => (r.key === key ? { ...r, ...next } : r)) });

  return (
    <div>
      {value.length === 0 ? <Typography.Paragraph type="secondary">{t('scheme.empty')}</Typography.Paragraph> : null}
      {value.length > 1 ? <Typography.Paragraph type="secondary">{t('scheme.groupsJoin')}</Typography.Paragraph> : null}
      {value.map((g, gi) => (
        <div className="ma-scheme-group" key={g.key} data-testid="scheme-group">
          <div className="ma-scheme-group-head">
            <Space>
              <strong>{t('scheme.group', { n: gi + 1 })}</strong>
              <Select<'and' | 'or'>
                size="small"
                value={g.logic}
                onChange={(logic) => setGroup(g.key, { logic })}
                style={{ width: 170 }}
                options={[
                  { value: 'and', label: t('scheme.logicAnd') },
                  { value: 'or', label: t('scheme.logicOr') },
                ]}
              />
            </Space>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange(value.filter((x) => x.key !== g.key))}
            >
              {t('scheme.removeGroup')}
            </Button>
          </div>
          {g.rows.map((r) => {
            const error = errors.get(r.key);
            const ops = r.mode === 'token' ? TOKEN_OPS : CONDITION_OPS;
            return (
              <div key={r.key}>
                <div className="ma-scheme-row">
                  <Select
                    placeholder={t('scheme.field')}
                    aria-label={t('scheme.field')}
                    value={r.field || undefined}
                    onChange={(field: string) => setRow(g, r.key, { field })}
                    style={{ width: 150 }}
                    status={error === 'field' ? 'error' : undefined}
                    options={fields.map((f) => ({ value: f.field, label: f.fullName }))}
                  />
                  <Select<ConditionOp>
                    aria-label={t('scheme.op')}
                    value={r.op}
                    onChange={(op) => setRow(g, r.key, { op })}
                    style={{ width: 120 }}
                    status={error === 'tokenOp' || error === 'containsNumber' ? 'error' : undefined}
                    options={ops.map((op) => ({ value: op, label: t(`op.${op}`) }))}
                  />
                  <Select<'value' | 'token'>
                    aria-label={t('scheme.value')}
                    value={r.mode}
                    onChange={(mode) =>
                      setRow(g, r.key, {
                        mode,
                        value: mode === 'token' ? (tokens[0] ?? '') : '',
                        op: mode === 'token' && !TOKEN_OPS.includes(r.op) ? 'Equal' : r.op,
                      })
                    }
                    style={{ width: 110 }}
                    options={[
                      { value: 'value', label: t('scheme.valueMode.value') },
                      { value: 'token', label: t('scheme.valueMode.token') },
                    ]}
                  />
                  <div className="ma-scheme-value">
                    {r.mode === 'token' ? (
                      <Select
                        value={r.value || undefined}
                        onChange={(v: string) => setRow(g, r.key, { value: v })}
                        style={{ width: '100%' }}
                        options={tokens.map((tok) => ({ value: tok, label: t(`token.${tok}`) }))}
                      />
                    ) : (
                      <Input
                        value={r.value}
                        onChange={(e) => setRow(g, r.key, { value: e.target.value })}
                        placeholder={r.op === 'In' ? t('scheme.inHint') : t('scheme.value')}
                        status={error === 'value' || error === 'number' ? 'error' : undefined}
                        maxLength={2000}
                      />
                    )}
                    {error ? <div className="ma-scheme-error">{t(`scheme.err.${error}`)}</div> : null}
                  </div>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    onClick={() => setGroup(g.key, { rows: g.rows.filter((x) => x.key !== r.key) })}
                  />
                </div>
              </div>
            );
          })}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setGroup(g.key, { rows: [...g.rows, emptyRow()] })}>
            {t('scheme.addCondition')}
          </Button>
        </div>
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...value, emptyGroup()])}>
        {t('scheme.addGroup')}
      </Button>
    </div>
  );
}
