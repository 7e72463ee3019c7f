import type { BusinessUserReport } from '@wheelmeet/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDay } from '../lib/format';
import { DataTable, RowTh, Tbody, Td, Th, Thead, Tr } from './data-table';
import { REGISTERED_LABEL } from './wheel-messages';

type Day = BusinessUserReport['overTime'][number];
type SeriesKey = Exclude<keyof Day, 'date'>;

/** The daily figures; colours chosen to stay apart for the common colour-vision deficiencies. */
export const SERIES: { key: SeriesKey; label: string; color: string }[] = [
  { key: 'participants', label: REGISTERED_LABEL, color: '#4f46e5' },
  { key: 'matches', label: 'Matches', color: '#0891b2' },
  { key: 'acceptedMatches', label: 'Accepted matches', color: '#16a34a' },
  { key: 'callsStarted', label: 'Calls started', color: '#d97706' },
  { key: 'connections', label: 'Connections made', color: '#db2777' },
];

const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 40 };
const BAR_WIDTH = 8;
/** The widest a bar grows when a few days share a wide card. */
const MAX_BAR_WIDTH = 24;
const GROUP_GAP = 16;

/** The width of the element `ref` points at, kept up to date; 0 until measured (or without layout). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Where each day's bars go: the days share the width of the card (a few days no longer sit in
 * a third of it), and scroll sideways only when there are too many to fit.
 */
export function chartLayout(dayCount: number, availableWidth: number) {
  const minGroup = SERIES.length * BAR_WIDTH + GROUP_GAP;
  const fitPlot = availableWidth - MARGIN.left - MARGIN.right;
  const slot = Math.max(minGroup, dayCount > 0 ? fitPlot / dayCount : 0);
  const barWidth = Math.min(
    MAX_BAR_WIDTH,
    Math.max(BAR_WIDTH, Math.floor((slot - GROUP_GAP) / SERIES.length)),
  );
  const plotWidth = Math.max(dayCount * slot, fitPlot, 240);
  return { slot, barWidth, width: MARGIN.left + plotWidth + MARGIN.right };
}

/** The smallest of 1, 2, 5, 10, 20, 50… that is at least `value`, so the axis ends on a round number. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/**
 * Daily activity as grouped bars, drawn by hand in SVG. The picture is described for screen
 * readers, and the same numbers are available as a table.
 */
export function OverTimeChart({ days }: { days: Day[] }) {
  const titleId = useId();
  const descId = useId();
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const { slot, barWidth, width } = chartLayout(days.length, boxWidth);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = niceMax(Math.max(0, ...days.flatMap((day) => SERIES.map((series) => day[series.key]))));
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, max / 2, max];
  // Label at most about twelve days so the dates do not overlap.
  const labelEvery = Math.max(1, Math.ceil(days.length / 12));
  const first = days[0];
  const last = days.at(-1);

  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: series.color }} />
            {series.label}
          </li>
        ))}
      </ul>
      <div ref={boxRef} className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          className="max-w-none"
        >
          <title id={titleId}>Activity per day</title>
          <desc id={descId}>
            {first && last
              ? `People registered, matches, accepted matches and calls started per day from ${formatDay(first.date)} to ${formatDay(last.date)}; the highest daily figure is ${Math.max(0, ...days.flatMap((day) => SERIES.map((series) => day[series.key])))}. The table below lists every value.`
              : 'No activity.'}
          </desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#e2e8f0"
                strokeWidth={1}
              />
              <text
                x={MARGIN.left - 6}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                fill="#475569"
              >
                {Number.isInteger(tick) ? tick : tick.toFixed(1)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            // The day's bars in the middle of its share of the width.
            const x0 = MARGIN.left + index * slot + (slot - SERIES.length * barWidth) / 2;
            return (
              <g key={day.date}>
                {SERIES.map((series, s) => (
                  <rect
                    key={series.key}
                    x={x0 + s * barWidth}
                    y={y(day[series.key])}
                    width={barWidth - 1}
                    height={Math.max(0, y(0) - y(day[series.key]))}
                    fill={series.color}
                  />
                ))}
                {index % labelEvery === 0 ? (
                  <text
                    x={x0 + (SERIES.length * barWidth) / 2}
                    y={HEIGHT - MARGIN.bottom + 16}
                    textAnchor="middle"
                    fontSize={11}
                    fill="#475569"
                  >
                    {day.date.slice(5)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        </svg>
      </div>
      <details className="rounded-lg border border-slate-200 bg-white">
        <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-indigo-700">
          Show the data as a table
        </summary>
        <DataTable caption="Activity per day" className="rounded-none border-0 shadow-none">
          <Thead>
            <tr>
              <Th>Date</Th>
              {SERIES.map((series) => (
                <Th key={series.key} className="text-right">
                  {series.label}
                </Th>
              ))}
            </tr>
          </Thead>
          <Tbody>
            {days.map((day) => (
              <Tr key={day.date}>
                <RowTh>{formatDay(day.date)}</RowTh>
                {SERIES.map((series) => (
                  <Td key={series.key} label={series.label} className="text-right tabular-nums">
                    {day[series.key]}
                  </Td>
                ))}
              </Tr>
            ))}
          </Tbody>
        </DataTable>
      </details>
    </div>
  );
}
