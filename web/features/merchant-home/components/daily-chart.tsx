/**
 * One bar per day of the home's last MERCHANT_CHART_DAYS days, drawn by uPlot on a canvas. uPlot and its style sheet
 * are imported here only, so they load with the merchant home and nowhere else. A canvas says nothing to a screen
 * reader: the chart is an image with a name, and a visually hidden table holds its numbers.
 */
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
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
  /** The bars' colour (a canvas takes no CSS variables). */
  color: string;
}

const HEIGHT = 220;
const AXIS_COLOR = '#475569';
const GRID_COLOR = '#e2e8f0';
const AXIS_FONT = '12px system-ui, sans-serif';
/** Whole steps only: a count has no half units. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** The legend's words: the first series' name, and what it says away from the bars ("Last 30 days"). */
interface LegendWords {
  day: string;
  span: string;
}

function chartOptions(
  { unit, days, color }: Pick<DailyChartProps, 'unit' | 'days' | 'color'>,
  words: LegendWords,
  values: number[],
  width: number,
): uPlot.Options {
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    width,
    height: HEIGHT,
    // The days are counted 0..n-1 and named by the axis, so the bars stand on whole UTC days in any time zone.
    scales: {
      x: { time: false, range: () => [-0.5, days.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
    },
    axes: [
      {
        stroke: AXIS_COLOR,
        font: AXIS_FONT,
        grid: { show: false },
        ticks: { show: false },
        space: 56,
        incrs: [1, 2, 7, 14],
        values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? shortDay(days[split]?.date ?? '') : '')),
      },
      {
        stroke: AXIS_COLOR,
        font: AXIS_FONT,
        grid: { stroke: GRID_COLOR, width: 1 },
        ticks: { show: false },
        size: 44,
        space: 32,
        incrs: COUNT_STEPS,
        values: (_u, splits) => splits.map((split) => formatCount(split)),
      },
    ],
    // The legend under the chart names the day the pointer is on and its figure; away from the bars, the whole span.
    series: [
      { label: words.day, value: (_u, _value, _series, index) => (index == null ? words.span : longDay(days[index]?.date ?? '')) },
      {
        label: unit,
        stroke: color,
        fill: color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({ size: [0.7, 28], radius: 0.15 }),
        value: (_u, value, _series, index) => formatCount(index == null ? total : value),
      },
    ],
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    legend: { live: true },
  };
}

/** uPlot draws at the size it is given: the box's width, and no narrower than a small phone's. */
function widthOf(element: HTMLElement): number {
  return Math.max(240, Math.floor(element.clientWidth));
}

export function DailyChart({ title, days, figure, unit, color }: DailyChartProps) {
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const { t, i18n } = useT('merchant');
  const dayWord = t('chart.day');
  const span = t('chart.span', { days: formatCount(days.length) });
  // The axis names its days in the language of the screen: the chart is drawn again when it changes.
  const language = i18n.language;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const values = days.map((day) => day[figure]);
    const words = { day: dayWord, span };
    const chart = new uPlot(chartOptions({ unit, days, color }, words, values, widthOf(box)), [days.map((_day, index) => index), values], box);
    // Follows its box: a phone turned sideways, a window made narrower.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: widthOf(box), height: HEIGHT }));
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [days, figure, unit, color, dayWord, span, language]);

  const total = days.reduce((sum, day) => sum + day[figure], 0);
  const titleId = `${id}-title`;
  return (
    <figure aria-labelledby={titleId} className="surface grid min-w-0 gap-3 p-4 sm:p-6">
      <figcaption id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </figcaption>
      <div
        ref={boxRef}
        role="img"
        aria-label={t('chart.label', { title, total: formatCount(total), days: formatCount(days.length) })}
        className="min-w-0 overflow-hidden"
      />
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
