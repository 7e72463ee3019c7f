import type { BusinessUserReport } from '@wheelmeet/contracts';
import { AppError, notFound } from '../../lib/errors';
import { centsToAmount } from '../../lib/money';
import type { Staff } from '../auth/auth.service';
import type { ReportFacts, ReportsRepository } from './reports.repository';

type Figures = Omit<BusinessUserReport['wheels'][number], 'id' | 'name' | 'status'>;

const day = (iso: string) => iso.slice(0, 10);
const seconds = (start: string, end: string) =>
  Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));

/** The matches both people chose to share after, with the day the second one did. */
function connectionsOf(followUps: ReportFacts['followUps']): Array<{ wheelId: string; madeAt: string }> {
  const sharing = new Map<string, ReportFacts['followUps']>();
  for (const followUp of followUps) {
    if (followUp.share) sharing.set(followUp.match_id, [...(sharing.get(followUp.match_id) ?? []), followUp]);
  }
  return [...sharing.values()]
    .filter((both) => both.length === 2)
    .map((both) => ({
      wheelId: both[0]?.wheel_id ?? '',
      madeAt: both.map((followUp) => followUp.updated_at).sort()[1] ?? '',
    }));
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

function figures(
  participants: number,
  rounds: number,
  matches: ReportFacts['matches'],
  followUps: ReportFacts['followUps'],
): Figures {
  const accepted = matches.filter((match) => match.status === 'Accepted').length;
  const calls = matches.filter((match) => match.call_started_at);
  const connections = connectionsOf(followUps).length;
  const ratings = followUps.filter((followUp) => followUp.rating !== null);
  return {
    participants,
    rounds,
    matches: matches.length,
    acceptedMatches: accepted,
    acceptanceRate: matches.length === 0 ? 0 : accepted / matches.length,
    callsStarted: calls.length,
    callSeconds: calls.reduce(
      (sum, match) =>
        sum +
        (match.call_started_at && match.call_ended_at
          ? seconds(match.call_started_at, match.call_ended_at)
          : 0),
      0,
    ),
    connections,
    mutualShareRate: rate(connections, calls.length),
    ratings: ratings.length,
    positiveRatingRate: rate(ratings.filter((followUp) => followUp.rating === 'up').length, ratings.length),
  };
}

/**
 * Turns the raw facts into the report: totals, per wheel, per UTC day, and payments. A pure
 * function. A connection is a match both people chose to share after (decision 015).
 */
export function buildBusinessUserReport(facts: ReportFacts): BusinessUserReport {
  const perWheel = facts.wheels.map((wheel) => ({
    id: wheel.id,
    name: wheel.name,
    status: wheel.status,
    ...figures(
      facts.participants.filter((participant) => participant.wheel_id === wheel.id).length,
      wheel.current_round,
      facts.matches.filter((match) => match.wheel_id === wheel.id),
      facts.followUps.filter((followUp) => followUp.wheel_id === wheel.id),
    ),
  }));
  const totals = figures(
    facts.participants.length,
    perWheel.reduce((sum, wheel) => sum + wheel.rounds, 0),
    facts.matches,
    facts.followUps,
  );
  const endedCalls = facts.matches.filter((match) => match.call_started_at && match.call_ended_at).length;

  const days = new Map<string, BusinessUserReport['overTime'][number]>();
  const on = (date: string) => {
    const entry = days.get(date) ?? {
      date,
      participants: 0,
      matches: 0,
      acceptedMatches: 0,
      callsStarted: 0,
      connections: 0,
    };
    days.set(date, entry);
    return entry;
  };
  for (const participant of facts.participants) on(day(participant.created_at)).participants += 1;
  for (const match of facts.matches) {
    const entry = on(day(match.created_at));
    entry.matches += 1;
    if (match.status === 'Accepted') entry.acceptedMatches += 1;
    if (match.call_started_at) on(day(match.call_started_at)).callsStarted += 1;
  }
  for (const connection of connectionsOf(facts.followUps)) on(day(connection.madeAt)).connections += 1;

  const revenueByCurrency: Record<string, number> = {};
  for (const payment of facts.payments) {
    if (payment.status === 'succeeded') {
      revenueByCurrency[payment.currency] =
        (revenueByCurrency[payment.currency] ?? 0) + centsToAmount(payment.amount_cents);
    }
  }

  return {
    businessUserId: facts.owner.id,
    companyName: facts.owner.company_name,
    totals: {
      wheels: facts.wheels.length,
      ...totals,
      averageCallSeconds: endedCalls === 0 ? 0 : totals.callSeconds / endedCalls,
      revenueByCurrency,
    },
    wheels: perWheel,
    overTime: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    payments: facts.payments.map((payment) => ({
      id: payment.id,
      amount: centsToAmount(payment.amount_cents),
      currency: payment.currency,
      status: payment.status,
      createdAt: payment.created_at,
    })),
  };
}

export function createReportsService(deps: { reports: ReportsRepository }) {
  return {
    /** Admins may read any business user's report; a business user only their own. */
    async forBusinessUser(staff: Staff, businessUserId: string): Promise<BusinessUserReport> {
      if (staff.kind === 'BusinessUser' && staff.id !== businessUserId) {
        throw new AppError('not_found', 'Business user not found');
      }
      const facts = await deps.reports.factsForBusinessUser(businessUserId);
      if (!facts) throw notFound('Business user not found');
      return buildBusinessUserReport(facts);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
