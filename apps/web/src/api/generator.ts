import type { CodeGenBody, GeneratedFile } from '@medalliance/contract';
import { http } from './http.ts';

/**
 * Typed calls of the code generator (spec §7.6 Generater): the module
 * folders, the generated files of a released model, and the same as a zip.
 * Paths follow apps/server/src/modules/generator/generator.routes.ts.
 */

const G = '/api/visualdev/Generater';
const enc = encodeURIComponent;

export type CodeGenOptions = Pick<CodeGenBody, 'area'> & { moduleName?: string; tableName?: string };

export const generatorApi = {
  areas: () => http.get<string[]>(`${G}/AreasName`),
  preview: (modelId: string, body: CodeGenOptions) =>
    http.post<{ list: GeneratedFile[] }>(`${G}/${enc(modelId)}/Actions/CodePreview`, body),
  /** Saves the module's zip under `fileName`. */
  download: async (modelId: string, body: CodeGenOptions, fileName: string) => {
    const res = await http.post<Blob>(`${G}/${enc(modelId)}/Actions/DownloadCode`, body, { responseType: 'blob' });
    const href = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  },
};
