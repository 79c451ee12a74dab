import { ColorPicker, Switch } from 'antd';
import type { FieldProps } from './types.ts';

/** A switch stores 1 (on) or 0 (off). */
export function SwitchField({ field, value, onChange, id, disabled }: FieldProps) {
  return (
    <Switch
      id={id}
      checked={value === 1 || value === true || value === '1'}
      onChange={(on) => onChange?.(on ? 1 : 0)}
      disabled={disabled || field.disabled || field.readonly}
      checkedChildren={typeof field.props?.activeText === 'string' ? field.props.activeText : undefined}
      unCheckedChildren={typeof field.props?.inactiveText === 'string' ? field.props.inactiveText : undefined}
    />
  );
}

/** A colour as its hex text. */
export function ColorField({ field, value, onChange, disabled }: FieldProps) {
  return (
    <ColorPicker
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(c) => onChange?.(c.toHexString())}
      onClear={() => onChange?.(null)}
      allowClear={field.clearable !== false}
      showText
      disabled={disabled || field.disabled || field.readonly}
    />
  );
}
