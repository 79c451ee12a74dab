import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { detailApi, type Attachment } from './detailApi.ts';

/** A record's handwritten signature, through a short-lived signed link. */
export function SignatureImage({ fileId, alt }: { fileId: string; alt: string }) {
  const link = useQuery({
    queryKey: ['workflowDetail', 'file', fileId, 'inline'],
    queryFn: async () => (await detailApi.fileLink(fileId, true)).data,
    staleTime: 60_000,
  });
  if (!link.data) return null;
  return <img className="wfd-signature-img" src={link.data} alt={alt} data-testid="wfd-record-signature" />;
}

/** A record's attachments; each opens its download through a signed link fetched on click. */
export function AttachmentLinks({ files }: { files: Attachment[] }) {
  if (!files.length) return null;
  const open = async (fileId: string) => {
    const res = await detailApi.fileLink(fileId, false);
    window.open(res.data, '_blank', 'noopener');
  };
  return (
    <Space size={4} wrap className="wfd-attachments">
      {files.map((f) => (
        <Button key={f.fileId} type="link" size="small" icon={<PaperClipOutlined />} onClick={() => void open(f.fileId)}>
          {f.name || f.fileId}
        </Button>
      ))}
    </Space>
  );
}
