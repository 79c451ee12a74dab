import { useRef, useState } from 'react';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.ts';
import { postForm } from './fileApi.ts';
import { NS } from './messages.ts';
import './upload.css';

/**
 * The import button (spec §7.9, §8): posts one file with the session's
 * Authorization header to `action` and shows the answer's msg, as success for
 * code 200 and as an error otherwise.
 */
export function ImportButton({
  action,
  accept = '.xls,.xlsx',
  text,
  onDone,
  disabled,
}: {
  action: string;
  accept?: string;
  text?: string;
  onDone?: (data: unknown) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      const res = await postForm<unknown>(action, form).promise;
      if (res.body?.code === 200) {
        toast.success(res.body.msg || t('file.imported'));
        onDone?.(res.body.data);
      } else toast.error(res.body?.msg || t('file.uploadFailed'));
    } catch {
      /* aborted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<ImportOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {text ?? t('import')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void send(f);
        }}
      />
    </>
  );
}
