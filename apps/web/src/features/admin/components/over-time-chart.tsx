import type { BusinessUserReport } from '@wheelmeet/contracts';
import { useId } from 'react';
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
const GROUP_GAP = 16;

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
  const groupWidth = SERIES.length * BAR_WIDTH + GROUP_GAP;
  const plotWidth = Math.max(days.length * groupWidth, 240);
  const width = MARGIN.left + plotWidth + MARGIN.right;
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
      <div className="overflow-x-auto">
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
            const x0 = MARGIN.left + index * groupWidth + GROUP_GAP / 2;
            return (
              <g key={day.date}>
                {SERIES.map((series, s) => (
                  <rect
                    key={series.key}
                    x={x0 + s * BAR_WIDTH}
                    y={y(day[series.key])}
                    width={BAR_WIDTH - 1}
                    height={Math.max(0, y(0) - y(day[series.key]))}
                    fill={series.color}
                  />
                ))}
                {index % labelEvery === 0 ? (
                  <text
                    x={x0 + (SERIES.length * BAR_WIDTH) / 2}
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
