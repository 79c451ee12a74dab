import type { TFunction } from 'i18next';
import type { ImagingPrint } from '@medalliance/contract';
import { escapeHtml } from '../system/printDev/renderTemplate.ts';
import { fmtTime } from './format.ts';

const e = escapeHtml;
const para = (s: string) => e(s).replace(/\n/g, '<br>');

/**
 * The released report as a printable sheet: the unit's header, the request,
 * the report text, signatures and times, and the QR code of its public
 * verification address (a forged or superseded print shows as such there).
 */
export function reportPrintHtml(p: ImagingPrint, qrDataUrl: string, t: TFunction): string {
  const sex = p.patient.sex ? t(`sex.${p.patient.sex}`, { defaultValue: p.patient.sex }) : '—';
  const cell = (label: string, value: string | null | undefined) =>
    `<th style="width:14%;text-align:left">${e(label)}</th><td>${e(value || '—')}</td>`;
  const positive = p.positive === null ? '' : ` <b>（${e(t(`positive.${p.positive}`))}）</b>`;
  return [
    `<div style="display:flex;justify-content:space-between;align-items:flex-start;border-bottom:2px solid #000;padding-bottom:6px;margin-bottom:10px">`,
    `<div><h2 style="margin:0">${e(p.unitName)}</h2><h3 style="margin:4px 0 0">${e(t('print.title', { centre: p.centreName }))}</h3></div>`,
    `<div style="text-align:center;font-size:11px"><img src="${qrDataUrl}" alt="QR" width="96" height="96"><br>${e(t('print.verify'))}<br>${e(t('print.code'))}: ${e(p.verifyCode)}</div>`,
    `</div>`,
    `<table border="1" cellspacing="0" cellpadding="4" style="width:100%;border-collapse:collapse;font-size:13px">`,
    `<tr>${cell(t('print.name'), p.patient.fullName)}${cell(t('detail.sex'), sex)}${cell(t('print.age'), p.patient.age === null ? '—' : String(p.patient.age))}</tr>`,
    `<tr>${cell(t('col.applyNo'), p.applyNo)}${cell(t('col.org'), p.applyOrgName)}${cell(t('col.doctor'), p.applyDoctorName)}</tr>`,
    `<tr>${cell(t('col.item'), p.itemName)}${cell(t('col.bodyPart'), p.bodyPartName)}${cell(t('detail.device'), p.device)}</tr>`,
    `<tr><th style="text-align:left">${e(t('col.diagnosis'))}</th><td colspan="5">${e(p.clinicalDiagnosis)}</td></tr>`,
    p.method ? `<tr><th style="text-align:left">${e(t('report.method'))}</th><td colspan="5">${e(p.method)}</td></tr>` : '',
    `</table>`,
    `<h4 style="margin:14px 0 4px">${e(t('report.findings'))}</h4><p style="min-height:120px">${para(p.findings)}</p>`,
    `<h4 style="margin:14px 0 4px">${e(t('report.impression'))}${positive}</h4><p>${para(p.impression)}</p>`,
    p.advice ? `<h4 style="margin:14px 0 4px">${e(t('report.advice'))}</h4><p>${para(p.advice)}</p>` : '',
    `<table border="1" cellspacing="0" cellpadding="4" style="width:100%;border-collapse:collapse;font-size:13px;margin-top:18px">`,
    `<tr>${cell(t('print.signReporter'), p.reporterName)}${cell(t('print.reportedAt'), fmtTime(p.reportedAt))}${cell(t('print.releasedAt'), fmtTime(p.releasedAt))}</tr>`,
    `<tr>${cell(t('print.signAuditor'), p.auditorName)}${cell(t('print.registeredAt'), fmtTime(p.registeredAt))}${cell(t('sec.versions'), t('print.version', { v: p.reportVersion }))}</tr>`,
    `</table>`,
    `<p style="font-size:11px;color:#555;margin-top:8px">${e(t('print.footer'))}</p>`,
  ].join('');
}
