import { useEffect, useState } from 'react';
import type { FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { useLatest } from './useLatest.ts';

/**
 * The life of a create/edit dialog shared by every permission form: on open,
 * reset and fill the defaults (new) or the loaded record (edit, closing if the
 * load fails); on submit, save and report. A form only says how its record maps
 * to field values and back.
 */
export function useRecordForm<V, T extends { id: string | null }>(opts: {
  form: FormInstance<V>;
  target: T | null;
  /** Field values of a new record. */
  initial: (target: T) => Partial<V>;
  /** Field values of an existing record. */
  load: (id: string) => Promise<Partial<V>>;
  save: (values: V, id: string | null) => Promise<unknown>;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { form, target } = opts;
  const [loading, setLoading] = useState(false);
  const latest = useLatest(opts);
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

  return { loading, saving: save.isPending, submit: (values: V) => save.mutate(values) };
}
