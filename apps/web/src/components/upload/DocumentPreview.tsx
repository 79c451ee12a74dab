import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Modal, Spin } from 'antd';
import { DownloadOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canPreviewInline, fileCategory, fileExtension, type FileEntry } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { previewAddress } from './fileApi.ts';
import { downloadFile } from './download.ts';
import { NS } from './messages.ts';

/**
 * The document preview dialog (spec §2.5): full screen, titled 'document
 * preview - {file name}', with cancel. It asks the server for the preview
 * address (spec §7.9) and shows images, PDF, text, audio and video in the app;
 * other types offer a download. No address: 'file does not exist' and close.
 */
export function DocumentPreview({ file, onClose }: { file: FileEntry | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [address, setAddress] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    setAddress(null);
    if (!file) return;
    let live = true;
    previewAddress(file)
      .then((res) => {
        if (!live) return;
        if (res.code !== 200 || !res.data) {
          toast.warning(t('file.notExist'));
          close.current();
        } else setAddress(res.data);
      })
      .catch(() => {
        if (live) close.current();
      });
    return () => {
      live = false;
    };
  }, [file, t]);

  useEffect(() => {
    const change = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);

  const toggleFull = () => {
    const el = body.current;
    if (!document.fullscreenEnabled || !el?.requestFullscreen) {
      toast.warning(t('fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void el.requestFullscreen().catch(() => toast.warning(t('fullscreenUnsupported')));
  };

  const name = file?.fileName ?? file?.name ?? '';
  const ext = (file?.fileExtension || fileExtension(name)).toLowerCase();
  const category = fileCategory(ext);
  let content = <Spin />;
  if (address && file) {
    if (!canPreviewInline(ext)) {
      content = (
        <Empty description={t('noPreview')}>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadFile(file.url, name)}>
            {t('download')}
          </Button>
        </Empty>
      );
    } else if (category === 'image') content = <img className="ma-preview-media" src={address} alt={name} />;
    else if (category === 'video') content = <video className="ma-preview-media" src={address} controls autoPlay={false} />;
    else if (category === 'audio') content = <audio src={address} controls />;
    else content = <iframe className="ma-preview-frame" src={address} title={name} />;
  }

  return (
    <Modal
      open={!!file}
      title={t('previewTitle', { name })}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 140px)' } }}
      onCancel={onClose}
      destroyOnHidden
      className="ma-document-preview"
      footer={[
        <Button key="full" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFull}>
          {full ? t('exitFullscreen') : t('fullscreen')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
      ]}
    >
      <div ref={body} className="ma-preview-body">
        {content}
      </div>
    </Modal>
  );
}
