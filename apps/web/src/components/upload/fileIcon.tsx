import {
  AudioOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { fileCategory } from '@medalliance/contract';

/** The icon of a file by its category (spec §9), refined for common documents. */
export function FileIcon({ extension }: { extension: string }) {
  const ext = extension.toLowerCase();
  const category = fileCategory(ext);
  if (category === 'image') return <FileImageOutlined style={{ color: '#13c2c2' }} />;
  if (category === 'video') return <VideoCameraOutlined style={{ color: '#722ed1' }} />;
  if (category === 'audio') return <AudioOutlined style={{ color: '#eb2f96' }} />;
  if (ext === 'pdf') return <FilePdfOutlined style={{ color: '#f5222d' }} />;
  if (ext === 'doc' || ext === 'docx' || ext === 'wps' || ext === 'odt' || ext === 'rtf')
    return <FileWordOutlined style={{ color: '#1677ff' }} />;
  if (ext === 'xls' || ext === 'xlsx' || ext === 'csv' || ext === 'ods') return <FileExcelOutlined style={{ color: '#52c41a' }} />;
  if (ext === 'ppt' || ext === 'pptx' || ext === 'odp') return <FilePptOutlined style={{ color: '#fa8c16' }} />;
  if (ext === 'zip' || ext === 'rar' || ext === '7z') return <FileZipOutlined style={{ color: '#faad14' }} />;
  if (ext === 'txt' || ext === 'md' || ext === 'json' || ext === 'xml') return <FileTextOutlined />;
  return <FileOutlined />;
}
