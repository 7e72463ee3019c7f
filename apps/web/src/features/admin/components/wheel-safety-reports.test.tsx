import { REPORT_REASON_LABELS, type SafetyReport } from '@wheelmeet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, requestBodies } from '@/test/render';
import { makeAdminWheel, profileRoute, renderAdminPage, signIn, WHEEL_A } from '../test-utils';
import { WheelDetailPage } from './wheel-detail-page';
import { ALL_HANDLED_MESSAGE, NO_REPORTS_MESSAGE } from './wheel-safety-reports';

const pages = [{ path: 'wheels/:wheelId', element: <WheelDetailPage /> }];
const URL = `/api/admin/wheels/${WHEEL_A}`;
const BO = '0f8e5b52-8d7f-4c57-9d9a-4e1f0a7b2c33';

const report = (overrides: Partial<SafetyReport> = {}): SafetyReport => ({
  id: '5d1c6a7e-3b2f-4e8a-9c1d-2b3a4c5d6e7f',
  wheelId: WHEEL_A,
  reporter: { id: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d', displayName: 'Ada' },
  reported: { id: BO, displayName: 'Bo', removed: false },
  reason: 'harassment',
  details: 'Shouted at me',
  blocked: true,
  createdAt: '2026-11-24T00:10:00.000Z',
  handledAt: null,
  ...overrides,
});

function open(reports: Parameters<typeof mockFetch>[0][string], extra: Parameters<typeof mockFetch>[0] = {}) {
  signIn('business');
  const fetchMock = mockFetch({
    ...profileRoute('business'),
    [`GET ${URL}`]: jsonResponse(makeAdminWheel()),
    [`GET ${URL}/safety/reports`]: reports,
    ...extra,
  });
  renderAdminPage(`/admin/wheels/${WHEEL_A}`, pages);
  return fetchMock;
}

describe('wheel safety reports', () => {
  it('says when nobody reported anyone', async () => {
    open(jsonResponse([]));
    const section = await screen.findByRole('region', { name: 'Reports' });
    expect(await within(section).findByText(NO_REPORTS_MESSAGE)).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    open(errorResponse(503, 'service_unavailable', 'The service is briefly unavailable.'));
    const section = await screen.findByRole('region', { name: 'Reports' });
    expect(await within(section).findByText('The service is briefly unavailable.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists a report and removes the reported person after asking', async () => {
    let removed = false;
    const fetchMock = open(
      () => jsonResponse([report({ reported: { id: BO, displayName: 'Bo', removed } })]),
      {
        [`POST ${URL}/safety/removals`]: () => {
          removed = true;
          return jsonResponse({ participantId: BO, removedAt: '2026-11-24T00:11:00.000Z' });
        },
      },
    );
    const user = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'Report about Bo' });
    expect(item).toHaveTextContent('reported by Ada');
    expect(item).toHaveTextContent(REPORT_REASON_LABELS.harassment);
    expect(item).toHaveTextContent('Shouted at me');
    expect(item).toHaveTextContent('Blocked by reporter');

    await user.click(within(item).getByRole('button', { name: 'Remove from wheel Bo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Bo was removed from the wheel.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `${URL}/safety/removals`)).toEqual([{ participantId: BO }]);
    expect(
      await within(await screen.findByRole('listitem', { name: 'Report about Bo' })).findByText('Removed'),
    ).toBeInTheDocument();
  }, 20_000);

  it('marks a report handled, folds it away with the others handled, and opens it again', async () => {
    let handledAt: string | null = null;
    const fetchMock = open(() => jsonResponse([report({ handledAt })]), {
      [`PUT ${URL}/safety/reports/${report().id}/handled`]: (_url: string, init?: RequestInit) => {
        const { handled } = JSON.parse(String(init?.body)) as { handled: boolean };
        handledAt = handled ? '2026-11-24T00:20:00.000Z' : null;
        return jsonResponse({ id: report().id, handledAt });
      },
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Reports' });
    const openList = await within(section).findByRole('list', { name: 'Open reports' });
    await user.click(within(openList).getByRole('button', { name: 'Mark as handled the report about Bo' }));

    expect(await within(section).findByText('The report about Bo is handled.')).toBeInTheDocument();
    expect(await within(section).findByText(ALL_HANDLED_MESSAGE)).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Open reports' })).not.toBeInTheDocument();
    await user.click(within(section).getByText('Handled (1)'));
    const handledList = within(section).getByRole('list', { name: 'Handled reports' });
    expect(within(handledList).getByRole('listitem', { name: 'Report about Bo' })).toHaveTextContent(
      /Handled /,
    );

    await user.click(within(handledList).getByRole('button', { name: 'Reopen the report about Bo' }));
    expect(await within(section).findByText('The report about Bo is open again.')).toBeInTheDocument();
    expect(await within(section).findByRole('list', { name: 'Open reports' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, `${URL}/safety/reports/${report().id}/handled`)).toEqual([
      { handled: true },
      { handled: false },
    ]);
  }, 20_000);
});
