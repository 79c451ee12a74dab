import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { useLatest } from './useLatest.ts';

/** What a page hands every record form: the record to edit (null: closed), and what to do after. */
export interface RecordFormProps<T> {
  target: T | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The life of a create/edit dialog shared by every permission form: on open,
 * reset and fill the defaults (new) or the loaded record (edit, closing if the
 * load fails); on submit, save and report. A form only says how its record maps
 * to field values and back, and lays its fields out in `<FormDialog {...dialog}>`.
 */
export function useRecordForm<V, T extends { id: string | null }>(
  { target, onClose, onSaved }: RecordFormProps<T>,
  record: {
    /** Field values of a new record. */
    initial: (target: T) => Partial<V>;
    /** Field values of an existing record. */
    load: (id: string) => Promise<Partial<V>>;
    save: (values: V, id: string | null) => Promise<unknown>;
  },
) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<V>();
  const [loading, setLoading] = useState(false);
  const latest = useLatest({ ...record, onClose, onSaved });
  const id = target?.id ?? null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (!target.id) {
      form.setFieldsValue(latest.current.initial(target) as never);
      return;
    }
    let live = true;
    setLoading(true);
    latest.current
      .load(target.id)
      .then((values) => live && form.setFieldsValue(values as never))
      .catch(() => latest.current.onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [target, form, latest]);

  const save = useMutation({
    mutationFn: (values: V) => latest.current.save(values, id),
    onSuccess: () => {
      toast.success(t('common.saved'));
      latest.current.onSaved();
      latest.current.onClose();
    },
  });

  const submit = (values: V) => save.mutate(values);
  return {
    form,
    /** null: a new record. */
    id,
    /** The FormDialog wiring, to spread: `<FormDialog name title {...dialog}>`. */
    dialog: { form, open: !!target, loading, saving: save.isPending, onSubmit: submit, onClose },
  };
}
