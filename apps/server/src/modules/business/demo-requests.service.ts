import type { DemoRequestView, demoRequestSchema } from '@wheelmeet/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Random } from '../../lib/random';
import type { EventOutbox } from '../event-outbox/event-outbox';
import type { DemoRequestRow, DemoRequestsRepository } from './demo-requests.repository';

export function toDemoRequestView(row: DemoRequestRow): DemoRequestView {
  return {
    id: row.id,
    companyName: row.company_name,
    contactPerson: row.contact_person,
    email: row.email,
    phoneNumber: row.phone_number === '' ? null : row.phone_number,
    requestDate: row.requested_at,
  };
}

export function createDemoRequestsService(deps: {
  demoRequests: DemoRequestsRepository;
  clock: Clock;
  random: Random;
  /** Told of each stored request, even across a crash (to notify the admins; decision 026). */
  outbox: Pick<EventOutbox, 'entry' | 'deliver'>;
}) {
  const { demoRequests, clock, random } = deps;
  return {
    /** Stores a demo request for the admins' list; the input was checked with `demoRequestSchema`. */
    async submit(request: z.output<typeof demoRequestSchema>): Promise<DemoRequestView> {
      const row: DemoRequestRow = {
        id: random.uuid(),
        contact_person: request.name,
        phone_number: request.telephone,
        company_name: request.company,
        email: request.email,
        requested_at: clock.now().toISOString(),
      };
      const view = toDemoRequestView(row);
      const stored = deps.outbox.entry('demoRequested', view);
      await demoRequests.insert(row, stored);
      await deps.outbox.deliver(stored);
      return view;
    },

    async listDemoRequests(): Promise<DemoRequestView[]> {
      return (await demoRequests.listAll()).map(toDemoRequestView);
    },
  };
}

export type DemoRequestsService = ReturnType<typeof createDemoRequestsService>;
