import { describe, expect, it } from 'vitest';
import { chartLayout, SERIES } from './over-time-chart';

describe('the report chart', () => {
  it('spreads a few days over the whole card instead of a third of it', () => {
    const layout = chartLayout(2, 1000);
    expect(layout.width).toBe(1000);
    // Each day gets half the plot, and its bars grow (to a limit) rather than stay thin.
    expect(layout.slot).toBeGreaterThan(400);
    expect(layout.barWidth).toBe(24);
  });

  it('scrolls sideways only when the days do not fit, with the narrow bars', () => {
    const layout = chartLayout(60, 600);
    expect(layout.barWidth).toBe(8);
    expect(layout.slot).toBe(SERIES.length * 8 + 16);
    expect(layout.width).toBeGreaterThan(600);
  });

  it('keeps a usable width before the card is measured', () => {
    expect(chartLayout(1, 0).width).toBeGreaterThanOrEqual(240);
  });
});
