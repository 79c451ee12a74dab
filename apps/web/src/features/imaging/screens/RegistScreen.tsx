import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { QuickActions } from '../QuickActions.tsx';
import { RegisterModal } from '../RegisterModal.tsx';
import { StudyWorklist } from '../StudyWorklist.tsx';
import { useImagingMeta } from '../useImagingMeta.ts';
import { NS } from '../messages.ts';
import '../messages.ts';

/**
 * 登记 (ultras_regist / img_regist): the applying unit's registrations in any
 * state, the studies returned for images (退回补传), the released reports;
 * a new registration opens its study for the upload at once.
 */
function RegistScreen({ centre }: { centre: ImagingCentre }) {
  const { t } = useTranslation(NS);
  const meta = useImagingMeta(centre);
  const [creating, setCreating] = useState(false);
  return (
    <StudyWorklist
      centre={centre}
      testId={`img-regist-${centre}`}
      tabs={[
        { key: 'registrations', list: 'registrations', filters: true },
        { key: 'returned', list: 'returned' },
        { key: 'released', list: 'released', show: { released: true, positive: true } },
      ]}
      toolbar={(tools) =>
        meta.data?.rights.register ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="img-new-study">
              {t('newStudy')}
            </Button>
            <RegisterModal centre={centre} open={creating} onClose={() => setCreating(false)} onCreated={tools.open} />
          </>
        ) : null
      }
      extra={(r, tools) => <QuickActions centre={centre} row={r} actions={['uploadDone']} onOpen={tools.open} />}
    />
  );
}

export const UltrasoundRegist = () => <RegistScreen centre="ultrasound" />;
export const ImagingRegist = () => <RegistScreen centre="imaging" />;
