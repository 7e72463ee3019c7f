import type { Clock } from '../../src/lib/clock';

/** A clock that moves only when the test says so. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start = Date.parse('2026-11-22T10:00:00.000Z')) {
    this.#now = start;
  }
  now() {
    return new Date(this.#now);
  }
  advance(ms: number) {
    this.#now += ms;
  }
}
