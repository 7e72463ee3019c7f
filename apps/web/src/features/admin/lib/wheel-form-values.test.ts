import { describe, expect, it } from 'vitest';
import { makeAdminWheel } from '../test-utils';
import {
  fromLocalDateTime,
  newWheelFormValues,
  toCreateWheelBody,
  toLocalDateTime,
  toUpdateWheelBody,
  wheelToFormValues,
} from './wheel-form-values';

describe('wheel form values: the event', () => {
  it('reads a datetime-local value in the browser’s time zone, and shows an instant the same way', () => {
    const local = '2026-03-01T18:30';
    expect(fromLocalDateTime(local)).toBe(new Date(2026, 2, 1, 18, 30).toISOString());
    expect(toLocalDateTime(new Date(2026, 2, 1, 18, 30).toISOString())).toBe(local);
    expect(fromLocalDateTime('')).toBeNull();
    expect(fromLocalDateTime('not a date')).toBe('not a date');
  });

  it('sends a saved schedule and prompts back unchanged', () => {
    const startsAt = new Date(2026, 5, 12, 9, 5).toISOString();
    const wheel = makeAdminWheel({ startsAt, roundCount: 8, prompts: ['Best trip?', 'Favourite tool?'] });
    const values = wheelToFormValues(wheel);
    expect(values).toMatchObject({ startsAt: '2026-06-12T09:05', roundCount: 8 });
    expect(values.prompts).toBe('Best trip?\nFavourite tool?');
    expect(toUpdateWheelBody(values)).toMatchObject({
      startsAt,
      roundCount: 8,
      prompts: ['Best trip?', 'Favourite tool?'],
    });
  });

  it('sends no start, an endless wheel and no prompts by default, and drops blank lines', () => {
    expect(toCreateWheelBody(newWheelFormValues())).toMatchObject({
      startsAt: null,
      roundCount: null,
      prompts: [],
    });
    const values = { ...newWheelFormValues(), prompts: '  One \n\n\r\nTwo\r\n' };
    expect(toCreateWheelBody(values).prompts).toEqual(['One', 'Two']);
  });
});
