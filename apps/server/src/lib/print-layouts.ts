/**
 * Ordinary print layouts for the sanitizer's tests: what administrators
 * really write (tables with spans, inline styles and style sheets, pictures
 * as data:image and uploaded files, page breaks, `{field}` placeholders,
 * Quill's classes). Each must come out of the sanitizer unchanged.
 */

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const PRINT_LAYOUTS: Readonly<Record<string, string>> = {
  referralSlip: `<h2 style="text-align:center;letter-spacing:4px">青山县医疗健康集团 双向转诊单</h2>
<p style="text-align:right;font-size:12px">编号：{billNo}&emsp;日期：{referralDate}</p>
<table border="1" cellpadding="4" cellspacing="0" style="border-collapse:collapse;width:100%;font-family:SimSun, serif">
<colgroup><col width="18%"><col width="32%"><col width="18%"><col width="32%"></colgroup>
<thead><tr><th colspan="4" style="background:#f0f0f0">患者信息</th></tr></thead>
<tbody>
<tr><td>姓名</td><td>{patientName}</td><td>性别</td><td>{gender}</td></tr>
<tr><td rowspan="2" valign="middle">转出单位</td><td rowspan="2">{fromOrg}</td><td>科室</td><td>{fromDept}</td></tr>
<tr><td>医生</td><td>{doctorName}</td></tr>
<tr><td>初步诊断</td><td colspan="3" style="height:60px;vertical-align:top">{diagnosis}</td></tr>
<tr data-table="childrenDataTable0"><td>{childrenDataTable0.itemName}</td><td colspan="3">{childrenDataTable0.result}</td></tr>
</tbody>
<tfoot><tr><td colspan="4" align="right">转出医生签名：________&emsp;接收单位盖章：________</td></tr></tfoot>
</table>`,

  stockSheetWithPictures: `<style>@page { size: A4 portrait; margin: 15mm 12mm; }
.sheet td, .sheet th { border: 1px solid #333; padding: 2px 6px; }
.sheet tr { break-inside: avoid; page-break-inside: avoid; }
.logo { height: 40px; background: url("${PNG}") no-repeat; }
@media print { .screen-only { display: none; } }</style>
<div class="logo"><img src="${PNG}" alt="logo" width="40" height="40"> <img src="/api/file/Image/annexpic/202405/org-seal.png" alt="公章" style="height:36px;float:right"></div>
<h3 class="ql-align-center">{orgName} 药品物资库存清单</h3>
<table class="sheet" style="width:100%;border-collapse:collapse">
<tbody><tr><th>编码</th><th>名称</th><th>数量</th></tr>
<tr data-table="childrenDataTable0"><td>{childrenDataTable0.code}</td><td>{childrenDataTable0.name}</td><td style="text-align:right">{childrenDataTable0.quantity}</td></tr></tbody>
</table>
<p class="screen-only" style="color:#888">打印预览</p>`,

  multiPageReport: `<div style="page-break-after:always">
<h1 style="text-align:center">{orgName} 年度考核报告</h1>
<p style="text-indent:2em;line-height:1.8">本报告共两页，第一页为封面。</p>
</div>
<div style="break-before:page;page-break-before:always">
<h2>一、考核结果</h2>
<ol><li>门诊人次：<strong>{visits}</strong></li><li>转诊人次：<em>{referrals}</em></li></ol>
<p style="break-inside:avoid"><span style="color:rgb(230, 0, 0);background-color:#ffff00">重点：</span>{summary}</p>
<hr style="border:none;border-top:1px dashed #999">
<p>详见 <a href="https://example.org/guide" target="_blank" rel="noopener noreferrer">考核细则</a>、<a href="/api/file/Download?name=rules.pdf">附件</a>、<a href="mailto:office@example.org">联系我们</a></p>
</div>
<div style="page-break-after: always"></div>
<p>第二页</p>`,

  quillRichText: `<h1 class="ql-align-center"><span class="ql-size-huge">通知</span></h1>
<p class="ql-indent-1">各成员单位：<u>请于</u><s>本周</s><strong><em>周五前</em></strong>提交 {docName}。</p>
<ol><li data-list="bullet"><span class="ql-size-small">第一条</span></li><li data-list="ordered" class="ql-indent-1">第二条</li></ol>
<p><font face="KaiTi" color="#333333" size="4">楷体落款</font><br></p>
<blockquote>H<sub>2</sub>O 与 m<sup>2</sup></blockquote>
<pre class="ql-syntax">SELECT 1</pre>
<table><tbody><tr><td data-row="row-a1b2">{a}</td><td data-row="row-a1b2">{b}</td></tr></tbody></table>
<p aria-label="签名区" title="签名">签名：<img src="{signature}" alt="" style="max-width:120px"></p>`,
};
