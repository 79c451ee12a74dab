import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BadCell, SheetError, sheetRows, xmlText } from './xlsx-reader.ts';

/** The import's xlsx reader on workbooks written by exceljs and on hand-written SpreadsheetML other producers write. */
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function xlsx(parts: { sheet: string; sheetPath?: string; strings?: string; styles?: string; workbookPr?: string }): Buffer {
  const path = parts.sheetPath ?? 'worksheets/data.xml';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/workbook.xml': strToU8(
      `<workbook ${NS} ${REL_NS}>${parts.workbookPr ?? ''}<sheets><sheet name="A" sheetId="1" r:id="rId7"/><sheet name="B" sheetId="2" r:id="rId8"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships><Relationship Id="rId8" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="${path}"/></Relationships>`,
    ),
    // The second sheet in the workbook's order, though its file name sorts first.
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    ),
    [`xl/${path}`]: strToU8(parts.sheet),
  };
  if (parts.strings) files['xl/sharedStrings.xml'] = strToU8(parts.strings);
  if (parts.styles) files['xl/styles.xml'] = strToU8(parts.styles);
  return Buffer.from(zipSync(files));
}

const rowsOf = (buffer: Buffer, max = 100) => [...sheetRows(buffer, max)];

describe('xlsx reader', () => {
  it('reads what exceljs writes: strings, numbers, booleans, dates, formulas, rich text, error cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['名称', '数', '真', '日期', '公式', '富文本', '错误']);
    ws.addRow([
      'a&b <c> "d"',
      1.5,
      true,
      new Date(Date.UTC(2024, 4, 1, 8, 30)),
      { formula: 'B2*2', result: 3 },
      { richText: [{ text: '粗' }, { text: '体', font: { bold: true } }] },
      { error: '#DIV/0!' },
    ]);
    ws.addRow([]);
    ws.getCell('C5').value = 'only C';
    const rows = rowsOf(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows.map((r) => r.row)).toEqual([1, 2, 5]);
    const [, data, sparse] = rows;
    expect(data!.cells.slice(0, 6)).toEqual(['a&b <c> "d"', 1.5, true, new Date(Date.UTC(2024, 4, 1, 8, 30)), 3, '粗体']);
    expect(data!.cells[6]).toBeInstanceOf(BadCell);
    expect(sparse!.cells[2]).toBe('only C');
    expect(sparse!.cells[0]).toBeUndefined();
  });

  it('reads the first sheet by the workbook order, prefixed elements, inline and shared rich strings without phonetic runs', () => {
    const strings = `<x:sst xmlns:x="${NS.slice(7, -1)}"><x:si><x:t>共享</x:t></x:si><x:si><x:r><x:t xml:space="preserve">东 </x:t></x:r><x:r><x:t>京</x:t></x:r><x:rPh sb="0" eb="1"><x:t>とう</x:t></x:rPh></x:si><x:si/></x:sst>`;
    const sheet = `<x:worksheet xmlns:x="${NS.slice(7, -1)}"><x:sheetData>
      <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>9</x:v></x:c></x:row>
      <x:row spans='1:4'><x:c t = 'inlineStr'><x:is><x:t>行内 &amp; &#x4e2d;&#25991; _x000D_</x:t></x:is></x:c><x:c><x:v>7</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>结果</x:v></x:c><x:c><x:f>1+1</x:f></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const rows = rowsOf(xlsx({ sheet, strings }));
    expect(rows[0]!.cells.slice(0, 2)).toEqual(['共享', '东 京']);
    expect(rows[0]!.cells[2]).toBeInstanceOf(BadCell); // a shared string index out of range
    expect(rows[1]!.row).toBe(2);
    expect(rows[1]!.cells.slice(0, 3)).toEqual(['行内 & 中文 \r', 7, '结果']);
    expect(rows[1]!.cells[3]).toEqual(new BadCell('formula'));
  });

  it('turns numbers under date formats (built-in and custom, 1900 and 1904 systems) into dates, others stay numbers', () => {
    const styles = `<styleSheet ${NS}><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="0.00&quot;mg&quot;"/></numFmts>
      <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"><alignment/></xf><xf numFmtId="165"/></cellXfs></styleSheet>`;
    const sheet = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" s="1"><v>45413</v></c><c r="B1" s="2"><v>45413.5</v></c><c r="C1" s="3"><v>45413</v></c><c r="D1" t="d"><v>2024-05-01T00:00:00Z</v></c></row></sheetData></worksheet>`;
    const [row] = rowsOf(xlsx({ sheet, styles }));
    expect(row!.cells).toEqual([new Date(Date.UTC(2024, 4, 1)), new Date(Date.UTC(2024, 4, 1, 12)), 45413, new Date(Date.UTC(2024, 4, 1))]);
    const [r1904] = rowsOf(xlsx({ sheet, styles, workbookPr: '<workbookPr date1904="1"/>' }));
    expect(r1904!.cells[0]).toEqual(new Date(Date.UTC(2028, 4, 2)));
  });

  it('refuses what is not a workbook, too many rows, and parts whose declared size is past the limit', () => {
    expect(() => rowsOf(Buffer.from('hello'))).toThrow(SheetError);
    expect(() => rowsOf(Buffer.from(zipSync({ 'a.txt': strToU8('x') })))).toThrow(SheetError);
    const many = `<worksheet ${NS}><sheetData>${Array.from({ length: 12 }, (_, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${i}</t></is></c></row>`).join('')}</sheetData></worksheet>`;
    expect(rowsOf(xlsx({ sheet: many }), 11)).toHaveLength(12);
    expect(() => rowsOf(xlsx({ sheet: many }), 10)).toThrow(expect.objectContaining({ reason: 'tooBig' }));
    // A zip entry claiming 1 GiB uncompressed is refused before anything is inflated.
    const zip = Buffer.from(xlsx({ sheet: many }));
    const name = Buffer.from('xl/worksheets/data.xml');
    for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
      const central = zip.readUInt32LE(at - 46) === 0x02014b50;
      zip.writeUInt32LE(1024 ** 3, central ? at - 46 + 24 : at - 30 + 22);
    }
    expect(() => rowsOf(zip)).toThrow(expect.objectContaining({ reason: 'tooBig' }));
    // One claiming less than it holds is never inflated past its claim.
    for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
      const central = zip.readUInt32LE(at - 46) === 0x02014b50;
      zip.writeUInt32LE(100, central ? at - 46 + 24 : at - 30 + 22);
    }
    expect(() => rowsOf(zip)).toThrow(expect.objectContaining({ reason: 'badFile' }));
  });

  it('reads a sheet larger than one decoded piece, cutting only at row ends', () => {
    const body = Array.from(
      { length: 70_000 },
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>行${i} a:row&gt; arrow&gt;</t></is></c><c r="B${i + 1}"><v>${i}</v></c></row>`,
    ).join('');
    const rows = rowsOf(xlsx({ sheet: `<worksheet ${NS}><sheetData>${body}</sheetData></worksheet>` }), 100_000);
    expect(rows).toHaveLength(70_000);
    expect(rows.every((r, i) => r.row === i + 1 && r.cells[0] === `行${i} a:row> arrow>` && r.cells[1] === i)).toBe(true);
  });

  it('decodes only the XML entities and character references, nothing a DTD declares', () => {
    expect(xmlText('&lt;b&gt; &amp;amp; &quot;&apos; &#65;&#x42; &ext; _x0041_')).toBe(`<b> &amp; "' AB &ext; A`);
  });
});
