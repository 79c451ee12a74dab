import { LinkOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { ClockWidget as Clock, LinksWidget as Links, RichTextWidget as RichText } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SafeHtml } from '../../../components/html/SafeHtml.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { WidgetCard } from './WidgetCard.tsx';

/** Rich text, rendered only through SafeHtml (and sanitized by the server on save). */
export function RichTextWidget({ widget }: { widget: RichText }) {
  useSettled(widget.id, true);
  return (
    <WidgetCard widget={widget} state={widget.html.trim() ? 'ready' : 'empty'}>
      <SafeHtml className="ma-portal-richtext" html={widget.html} />
    </WidgetCard>
  );
}

/** Links: in-app paths open in the app, http(s) addresses in a new window. */
export function LinksWidget({ widget }: { widget: Links }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  useSettled(widget.id, true);
  return (
    <WidgetCard widget={widget} state={widget.links.length ? 'ready' : 'empty'} emptyText={t('w.linksEmpty')}>
      <ul className="ma-portal-links">
        {widget.links.map((l, i) => (
          <li key={i}>
            <LinkOutlined />
            {l.url.startsWith('/') ? (
              <a
                href={l.url}
                onClick={(e) => {
                  e.preventDefault();
                  void navigate(l.url);
                }}
              >
                {l.title}
              </a>
            ) : (
              <a href={l.url} target="_blank" rel="noopener noreferrer">
                {l.title}
              </a>
            )}
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}

function MonthGrid({ today }: { today: dayjs.Dayjs }) {
  const { t } = useTranslation(NS);
  const first = today.startOf('month');
  const lead = (first.day() + 6) % 7; // weeks start on Monday
  const days = today.daysInMonth();
  const cells = [...Array.from({ length: lead }, () => 0), ...Array.from({ length: days }, (_, i) => i + 1)];
  const names = Array.from({ length: 7 }, (_, i) => first.day(i + 1).format('dd'));
  return (
    <table className="ma-portal-month" aria-label={today.format('YYYY-MM')}>
      <thead>
        <tr>
          {names.map((n, i) => (
            <th key={i} title={t('w.week')}>
              {n}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => (
          <tr key={w}>
            {cells.slice(w * 7, w * 7 + 7).map((d, i) => (
              <td key={i} className={d === today.date() ? 'is-today' : undefined}>
                {d || ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The time (ticking each second), the date and, if chosen, this month. */
const DAYJS_LOCALES = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' } as const;

export function ClockWidget({ widget }: { widget: Clock }) {
  // The UI language's names of days (its dayjs locale is loaded with the language).
  const locale = DAYJS_LOCALES[useLanguage()];
  const [tick, setNow] = useState(() => dayjs());
  const now = tick.locale(locale);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useSettled(widget.id, true);
  return (
    <WidgetCard widget={widget} state="ready">
      <div className="ma-portal-clock">
        <strong>{now.format('HH:mm:ss')}</strong>
        <span>{now.format('YYYY-MM-DD dddd')}</span>
      </div>
      {widget.showCalendar ? <MonthGrid today={now} /> : null}
    </WidgetCard>
  );
}
