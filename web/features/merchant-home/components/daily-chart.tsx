/**
 * One bar per day of the home's last MERCHANT_CHART_DAYS days, drawn as SVG. The days are laid out in percent of the
 * chart's width and the counts in pixels of its fixed height, so the chart follows its box (a phone turned sideways,
 * a window made narrower) without measuring it. To a screen reader the chart is an image with a name, and a visually
 * hidden table holds its numbers; the legend under it names the day the pointer is on.
 */
import { useId, useState } from 'react';
import type { MerchantDay } from '../../../../contract/workspace';
import { useT } from '../../../i18n';
import { formatCount } from '../../../lib/numbers';
import { longDay, shortDay } from '../chart-days';

interface DailyChartProps {
  title: string;
  /** The days, oldest first, as the overview answers them. */
  days: MerchantDay[];
  /** Which figure of each day the bars show. */
  figure: 'unitsSold' | 'redemptions';
  /** What one bar counts, for the legend and the table's column ("Units sold"). */
  unit: string;
  /** The bars' colour. */
  color: string;
}

const HEIGHT = 220;
/** The plot's top and its baseline, in pixels; the day labels sit under the baseline. */
const PLOT_TOP = 8;
const BASELINE = 196;
const DAY_LABEL_Y = 214;
/** The count axis's width, in pixels, beside the plot. */
const AXIS_WIDTH = 44;
/** Whole steps only: a count has no half units. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];
/** At most this many steps up the count axis, so its labels stay apart on the chart's height. */
const MAX_STEPS = 5;
/** Every how many days the day axis is labelled, counting back from today; on a phone every other one of those. */
const DAY_LABEL_EVERY = 7;
/** The share of a day's width its bar takes. */
const BAR_SHARE = 0.7;

/** The count axis: its step and its top, at least 4 so that a few sales do not fill the chart. */
export function countScale(largest: number): { step: number; top: number } {
  const highest = Math.max(4, largest);
  const step = COUNT_STEPS.find((candidate) => Math.ceil(highest / candidate) <= MAX_STEPS) ?? COUNT_STEPS.at(-1)!;
  return { step, top: Math.ceil(highest / step) * step };
}

const percent = (share: number) => `${share * 100}%`;

export function DailyChart({ title, days, figure, unit, color }: DailyChartProps) {
  const id = useId();
  const { t } = useT('merchant');
  const [pointed, setPointed] = useState<number | null>(null);

  const values = days.map((day) => day[figure]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const { step, top } = countScale(Math.max(0, ...values));
  const yOf = (count: number) => BASELINE - ((BASELINE - PLOT_TOP) * count) / top;
  const counts = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const dayWidth = 1 / Math.max(1, days.length);
  const pointedDay = pointed == null ? undefined : days[pointed];

  const titleId = `${id}-title`;
  return (
    <figure aria-labelledby={titleId} className="surface grid min-w-0 gap-3 p-4 sm:p-6">
      <figcaption id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </figcaption>
      <div className="flex min-w-0 gap-1">
        <svg aria-hidden="true" width={AXIS_WIDTH} height={HEIGHT} className="shrink-0 fill-slate-600 text-xs">
          {counts.map((count) => (
            <text key={count} x={AXIS_WIDTH - 6} y={yOf(count)} textAnchor="end" dominantBaseline="middle">
              {formatCount(count)}
            </text>
          ))}
        </svg>
        <svg
          role="img"
          aria-label={t('chart.label', { title, total: formatCount(total), days: formatCount(days.length) })}
          height={HEIGHT}
          className="min-w-0 flex-1 overflow-visible text-xs"
          onPointerLeave={() => setPointed(null)}
        >
          {counts.map((count) => (
            <line key={count} x1="0" x2="100%" y1={yOf(count)} y2={yOf(count)} className="stroke-slate-200" />
          ))}
          {days.map((day, index) => (
            <g key={day.date} data-day={day.date} onPointerEnter={() => setPointed(index)}>
              {/* The whole day's column answers the pointer, not just its bar, which may be short or absent. */}
              <rect
                x={percent(index * dayWidth)}
                width={percent(dayWidth)}
                y={PLOT_TOP}
                height={BASELINE - PLOT_TOP}
                className={pointed === index ? 'fill-slate-100' : 'fill-transparent'}
              />
              {values[index] ? (
                <rect
                  x={percent((index + (1 - BAR_SHARE) / 2) * dayWidth)}
                  width={percent(BAR_SHARE * dayWidth)}
                  y={yOf(values[index])}
                  height={BASELINE - yOf(values[index])}
                  rx={2}
                  fill={color}
                />
              ) : null}
              {(days.length - 1 - index) % DAY_LABEL_EVERY === 0 ? (
                <text
                  x={percent(index === days.length - 1 ? 1 : (index + 0.5) * dayWidth)}
                  y={DAY_LABEL_Y}
                  textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  className={(days.length - 1 - index) % (2 * DAY_LABEL_EVERY) === 0 ? 'fill-slate-600' : 'fill-slate-600 max-sm:hidden'}
                >
                  {shortDay(day.date)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </div>
      <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
        <span>
          {t('chart.dayLegend')} <span className="font-semibold text-slate-900">{pointedDay ? longDay(pointedDay.date) : t('chart.span', { days: formatCount(days.length) })}</span>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: color }} />
          {t('chart.unitLegend', { unit })} <span className="font-semibold text-slate-900">{formatCount(pointedDay ? pointedDay[figure] : total)}</span>
        </span>
      </p>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.dayColumn')}</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{longDay(day.date)}</th>
              <td>{formatCount(day[figure])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
