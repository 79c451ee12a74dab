import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApplyModal } from './ApplyModal.tsx';
import { ConsultList } from './ConsultList.tsx';
import { NS } from './messages.ts';

/** 会诊申请 (consult_apply): the caller's own applications and the apply form. */
export function ApplyButton() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="consult-apply">
        {t('apply')}
      </Button>
      {open && (
        <ApplyModal
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: ['consult'] });
          }}
        />
      )}
    </>
  );
}

export default function ConsultApplyPage() {
  return <ConsultList box="mine" toolbar={<ApplyButton />} testId="consult-apply-page" />;
}
