import { useState } from 'react';
import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ResidentDrawer } from './ResidentDrawer.tsx';
import { ResidentForm } from './ResidentFormModal.tsx';

/** 新建档案 (archives_add): the resident form (the low-code model); the new archive's page opens after saving. */
export default function NewArchivePage() {
  const client = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  return (
    <Card>
      <ResidentForm
        key={key}
        onDone={(id) => {
          setSaved(id);
          setKey((k) => k + 1);
          void client.invalidateQueries({ queryKey: ['health'] });
        }}
      />
      {saved && <ResidentDrawer id={saved} onClose={() => setSaved(null)} onRevealed={() => {}} />}
    </Card>
  );
}
