import { describe, expect, it } from 'vitest';
import { type ExportedMatch, exportedStatusOf, toCsv } from './match-export';

const open: ExportedMatch = {
  id: 'm',
  round: 1,
  user1_id: 'a',
  user2_id: 'b',
  status: 'Pending',
  call_started_at: null,
  call_ended_at: null,
  closed_at: null,
};
const at = '2026-11-22T10:00:00.000Z';

describe('a match in the export', () => {
  it.each<[string, Partial<ExportedMatch>, string]>([
    ['waiting for an answer', {}, 'pending'],
    ['accepted by both, no call yet', { status: 'Accepted' }, 'accepted'],
    ['accepted, call running', { status: 'Accepted', call_started_at: at }, 'accepted'],
    ['a call that ended', { status: 'Accepted', call_started_at: at, call_ended_at: at }, 'ended'],
    [
      'a call ended by a removal (closed too)',
      { status: 'Accepted', call_ended_at: at, closed_at: at },
      'ended',
    ],
    ['unanswered and closed', { closed_at: at }, 'expired'],
    ['accepted, the call never started', { status: 'Accepted', closed_at: at }, 'expired'],
    ['declined, closed or not', { status: 'Rejected', closed_at: at }, 'declined'],
  ])('%s is %s', (_case, changes, status) => {
    expect(exportedStatusOf({ ...open, ...changes })).toBe(status);
  });

  it('keeps cells that a spreadsheet would run as formulas as text, and starts with a BOM', () => {
    const csv = toCsv({ fields: ['Name'], data: [['=1+1'], ['+1'], ['-1'], ['@SUM(A1)'], ['\tx'], ['Zoë']] });
    expect(csv).toBe('\uFEFFName\r\n"\'=1+1"\r\n"\'+1"\r\n"\'-1"\r\n"\'@SUM(A1)"\r\n"\'\tx"\r\nZoë');
  });
});
