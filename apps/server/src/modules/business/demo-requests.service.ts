import type { DemoRequestView, demoRequestSchema } from '@wheelmeet/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import type { Random } from '../../lib/random';
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
  /** Told of each stored request (e.g. to notify the admins). */
  events?: Pick<DomainEvents, 'publish'>;
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
      await demoRequests.insert(row);
      const view = toDemoRequestView(row);
      await deps.events?.publish('demoRequested', view);
      return view;
    },

    async listDemoRequests(): Promise<DemoRequestView[]> {
      return (await demoRequests.listAll()).map(toDemoRequestView);
    },
  };
}

export type DemoRequestsService = ReturnType<typeof createDemoRequestsService>;
