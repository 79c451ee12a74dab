// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { childTableHtml, escapeHtml, placeholderOf, renderTemplate, rowTable } from './renderTemplate.ts';

const data = {
  realName: '张伟',
  gender: '男',
  note: '<b>x</b>',
  empty: null,
  childrenDataTable0: [
    { roleName: '医生', roleCode: 'doctor' },
    { roleName: '组长', roleCode: 'lead' },
  ],
  childrenDataTable1: [],
};

describe('print template rendering', () => {
  it('fills head fields and escapes values', () => {
    expect(renderTemplate('<p>姓名：{realName}　性别：{gender}</p>', data)).toBe('<p>姓名：张伟　性别：男</p>');
    expect(renderTemplate('<p>{note}</p>', data)).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
    expect(renderTemplate('<p>[{empty}]</p>', data)).toBe('<p>[]</p>');
  });
  it('leaves braces that are not fields alone', () => {
    expect(renderTemplate('<p>{unknown} a{b c}</p>', data)).toBe('<p>{unknown} a{b c}</p>');
  });
  it('repeats a row marked with data-table once per child row', () => {
    const html =
      '<table><tbody><tr><th>角色</th></tr><tr data-table="childrenDataTable0" class="r"><td>{childrenDataTable0.roleName}</td><td>{childrenDataTable0.roleCode}</td></tr></tbody></table>';
    expect(renderTemplate(html, data)).toBe(
      '<table><tbody><tr><th>角色</th></tr><tr class="r"><td>医生</td><td>doctor</td></tr><tr class="r"><td>组长</td><td>lead</td></tr></tbody></table>',
    );
  });
  it('repeats a row that holds child placeholders (rich-text tables have no attribute)', () => {
    const html = '<table><tbody><tr><td data-row="a">{childrenDataTable0.roleName}</td></tr></tbody></table>';
    expect(renderTemplate(html, data)).toBe(
      '<table><tbody><tr><td data-row="a">医生</td></tr><tr><td data-row="a">组长</td></tr></tbody></table>',
    );
  });
  it('drops a repeating row of an empty child table', () => {
    expect(renderTemplate('<table><tr><td>{childrenDataTable1.x}</td></tr></table>', data)).toBe('<table><tbody></tbody></table>');
  });
  it('joins a child column used outside a row', () => {
    expect(renderTemplate('<p>{childrenDataTable0.roleName}</p>', data)).toBe('<p>医生、组长</p>');
  });
  it('finds the table of a row', () => {
    expect(rowTable(' data-table="t1"', '', {})).toBe('t1');
    expect(rowTable('', '<td>{childrenDataTable0.a}</td>', data)).toBe('childrenDataTable0');
    expect(rowTable('', '<td>{realName}</td>', data)).toBeNull();
  });
  it('removes scripts, handlers and javascript links from the template', () => {
    const bad =
      '<p onclick="alert(1)">{realName}</p><script>alert(2)</script><img src=x onerror=alert(3)><a href="jav&#x09;ascript:alert(4)">l</a><svg/onload=alert(5)>';
    expect(renderTemplate(bad, data)).toBe('<p>张伟</p><img src="x"><a>l</a>');
  });
  it('leaves a value filled into an attribute to the print view, which cleans it', async () => {
    const { sanitize } = await import('../../../components/html/sanitize.ts');
    const html = renderTemplate('<p><a href="{link}">{realName}</a></p>', { ...data, link: 'javascript:alert(1)' });
    // Values are escaped, not validated as URLs: the print view's sanitize() is what drops the link.
    expect(html).toBe('<p><a href="javascript:alert(1)">张伟</a></p>');
    expect(sanitize(html)).toBe('<p><a>张伟</a></p>');
  });
  it('builds placeholders and a child table', () => {
    expect(placeholderOf('headTable', 'a')).toBe('{a}');
    expect(placeholderOf('childrenDataTable0', 'b')).toBe('{childrenDataTable0.b}');
    const html = childTableHtml('childrenDataTable0', [{ field: 'roleName', fieldName: '角色' }]);
    expect(html).toContain('<strong>角色</strong>');
    expect(renderTemplate(html, data)).toContain('<td>医生</td></tr><tr><td>组长</td>');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
});

describe('visual editor loading', () => {
  it('sends templates with markup Quill would flatten to the source editor', async () => {
    const { visualSafe } = await import('./renderTemplate.ts');
    expect(visualSafe('<h2 class="ql-align-center">{a}</h2><table><tbody><tr><td>x</td></tr></tbody></table>')).toBe(true);
    expect(visualSafe('<table><thead><tr><th>a</th></tr></thead></table>')).toBe(false);
    expect(visualSafe('<div style="border:1px solid">x</div>')).toBe(false);
    expect(visualSafe('')).toBe(true);
  });
  it('turns header cells into bold cells for the visual editor, keeping repetition', async () => {
    const { toEditorHtml } = await import('./renderTemplate.ts');
    const html =
      '<table><thead><tr><th>编码</th></tr></thead><tbody><tr data-table="childrenDataTable0"><td>{childrenDataTable0.roleName}</td></tr></tbody></table>';
    const out = toEditorHtml(html);
    expect(out).toBe(
      '<table><tr><td><strong>编码</strong></td></tr><tbody><tr data-table="childrenDataTable0"><td>{childrenDataTable0.roleName}</td></tr></tbody></table>',
    );
    expect(renderTemplate(out, data)).toContain('<td>医生</td></tr><tr><td>组长</td>');
  });
});
