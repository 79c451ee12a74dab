import type { GenModel } from '../spec.ts';
import { englishLabel, lines, str } from './code.ts';

/** apps/server/src/modules/<area>/<module>.messages.ts: the texts the server answers, in zh, zhtw and en. */
export function serverMessagesFile(m: GenModel): string {
  const k = str(`${m.names.camel}.notFound`);
  const name = m.fullName.trim() || m.names.camel;
  return lines(
    `import { defineMessages } from '../../http/i18n.ts';`,
    ``,
    `/** Server texts of the ${m.names.camel} module, in zh, zhtw and en. */`,
    `defineMessages({`,
    `  zh: { ${k}: ${str(`${name}记录不存在`)} },`,
    `  zhtw: { ${k}: ${str(`${name}記錄不存在`)} },`,
    `  en: { ${k}: ${str(`${englishLabel(m.names.camel)} record not found`)} },`,
    `});`,
    ``,
  );
}
