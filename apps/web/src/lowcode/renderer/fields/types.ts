import type { ComponentType } from 'react';
import type { FormField } from '@medalliance/contract';

/** What every field component takes: antd's Form.Item passes value / onChange / id; the renderer adds the field. */
export interface FieldProps {
  field: FormField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** Inside a sub-table: that row's values (calculate fields read them). */
  row?: Record<string, unknown>;
  /** Inside a sub-table: that table field's key. */
  table?: string;
}

export type FieldComponent = ComponentType<FieldProps>;
