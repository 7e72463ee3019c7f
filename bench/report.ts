import { loadavg } from 'node:os';

/** The 1-, 5- and 15-minute load averages, as each bench prints them beside its figures. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The middle value; of an even number, the higher of the two middle ones. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
