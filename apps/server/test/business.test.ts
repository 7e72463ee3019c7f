import {
  type BusinessRegistration,
  businessRegistrationFormSchema,
  businessRegistrationResponseSchema,
  type DemoRequest,
  demoRequestResponseSchema,
  type ErrorBody,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/lib/passwords';
import { describeEachDialect } from './support/each-dialect';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const validDemoRequest: DemoRequest = {
  name: 'Ada Lovelace',
  telephone: '+44 20 7946 0958',
  company: 'Analytical Engines Ltd',
  email: 'ada@engines.co.uk',
};

const validRegistration = (email: string): BusinessRegistration => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: 'cobol-forever',
  companyName: 'Compilers Inc',
  phoneNumber: '+1 555 0100',
  planId: 'professional',
});

describeEachDialect('business: demo requests and organiser registration', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const detailsOf = (body: unknown) => (body as ErrorBody).error.details;

  describe('POST /api/business/demo-request', () => {
    it('names every missing field with its own message', async () => {
      for (const payload of [{}, { name: '  ', telephone: '', company: ' \t', email: '   ' }]) {
        const response = await post('/api/business/demo-request', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: 'validation_failed',
            reason: 'validation_failed',
            message: 'Name is required',
            details: [
              { path: 'body.name', message: 'Name is required' },
              { path: 'body.telephone', message: 'Telephone number is required' },
              { path: 'body.company', message: 'Company/Institute name is required' },
              { path: 'body.email', message: 'Email address is required' },
            ],
          },
        });
      }
    });

    it('wants an email with a two to four letter top-level domain', async () => {
      for (const email of [
        'ada',
        'ada@engines',
        'ada@engines.c',
        'ada@engines.company',
        'ada @engines.com',
      ]) {
        const response = await post('/api/business/demo-request', { ...validDemoRequest, email });
        expect(response.statusCode, email).toBe(400);
        expect(detailsOf(response.json()), email).toEqual([
          { path: 'body.email', message: 'Invalid email address' },
        ]);
      }
      const tooLong = await post('/api/business/demo-request', {
        ...validDemoRequest,
        name: 'x'.repeat(101),
      });
      expect(detailsOf(tooLong.json())).toEqual([
        { path: 'body.name', message: 'Name must be at most 100 characters long' },
      ]);
    });

    it('stores a demo request, trimmed, for the admins', async () => {
      const response = await post('/api/business/demo-request', {
        name: '  Ada Lovelace ',
        telephone: ' +44 20 7946 0958',
        company: 'Analytical Engines Ltd ',
        email: ' ada@engines.info ',
      });
      expect(response.statusCode).toBe(201);
      const created = demoRequestResponseSchema.parse(response.json());
      expect(created).toEqual({
        id: expect.any(String),
        companyName: 'Analytical Engines Ltd',
        contactPerson: 'Ada Lovelace',
        email: 'ada@engines.info',
        phoneNumber: '+44 20 7946 0958',
        requestDate: clock.now().toISOString(),
      });
      const row = await t.database.db
        .selectFrom('demo_requests')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        id: created.id,
        contact_person: 'Ada Lovelace',
        phone_number: '+44 20 7946 0958',
        company_name: 'Analytical Engines Ltd',
        email: 'ada@engines.info',
        requested_at: clock.now().toISOString(),
      });
    });
  });

  describe('POST /api/business/register', () => {
    it('names every missing field with its own message', async () => {
      const response = await post('/api/business/register', {});
      expect(response.statusCode).toBe(400);
      expect(detailsOf(response.json())).toEqual([
        { path: 'body.firstName', message: 'First name is required' },
        { path: 'body.lastName', message: 'Last name is required' },
        { path: 'body.email', message: 'Email is required' },
        { path: 'body.password', message: 'Password is required' },
        { path: 'body.companyName', message: 'Company name is required' },
        { path: 'body.planId', message: 'Please choose a plan' },
      ]);

      const blank = await post('/api/business/register', {
        ...validRegistration(''),
        firstName: ' ',
        lastName: '',
        companyName: '  ',
        password: '',
      });
      expect(detailsOf(blank.json())).toEqual([
        { path: 'body.firstName', message: 'First name is required' },
        { path: 'body.lastName', message: 'Last name is required' },
        { path: 'body.email', message: 'Email is required' },
        { path: 'body.password', message: 'Password is required' },
        { path: 'body.companyName', message: 'Company name is required' },
      ]);
    });

    it('wants a valid email and a password of at least eight characters', async () => {
      const response = await post('/api/business/register', {
        ...validRegistration('grace@navy'),
        password: '1234567',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_failed',
          reason: 'validation_failed',
          message: 'Please enter a valid email address',
          details: [
            { path: 'body.email', message: 'Please enter a valid email address' },
            { path: 'body.password', message: 'Password must be at least 8 characters long' },
          ],
        },
      });
    });

    it('refuses a plan that does not exist', async () => {
      const response = await post('/api/business/register', {
        ...validRegistration('nobody@example.com'),
        planId: 'platinum',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_failed',
          reason: 'validation_failed',
          message: 'This plan does not exist. Please choose one of our plans.',
          details: [
            { path: 'body.planId', message: 'This plan does not exist. Please choose one of our plans.' },
          ],
        },
      });
    });

    it('creates an inactive account with a hashed password and a lower-cased email', async () => {
      const response = await post('/api/business/register', {
        ...validRegistration('  Grace.Hopper@Example.COM '),
        firstName: ' Grace ',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Object.keys(body)).not.toContain('password');
      expect(JSON.stringify(body)).not.toContain('scrypt');
      const user = businessRegistrationResponseSchema.parse(body);
      expect(user).toEqual({
        id: expect.any(String),
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace.hopper@example.com',
        companyName: 'Compilers Inc',
        phoneNumber: '+1 555 0100',
        planId: 'professional',
        plan: { id: 'professional', name: 'Professional' },
        isActive: false,
        subscriptionStartDate: null,
        subscriptionEndDate: null,
        signupToken: expect.any(String),
      });

      const row = await t.database.db
        .selectFrom('business_users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: 'grace.hopper@example.com',
        is_active: false,
        plan_id: 'professional',
      });
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword('cobol-forever', row.password_hash)).toBe(true);
    });

    it('treats a blank phone number as none', async () => {
      const response = await post('/api/business/register', {
        ...validRegistration('no.phone@example.com'),
        phoneNumber: '  ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ phoneNumber: null, isActive: false });
    });

    it('refuses an email that is taken, whatever its case, unless its unpaid owner comes back with the password', async () => {
      const refused = {
        error: {
          code: 'conflict',
          reason: 'conflict',
          message:
            'We could not create an account with these details. If you already have an account, sign in instead or use another email.',
        },
      };
      const first = await post('/api/business/register', validRegistration('taken@example.com'));
      expect(first.statusCode).toBe(201);
      const firstId = first.json<{ id: string }>().id;
      for (const email of ['taken@example.com', 'TAKEN@Example.com', ' Taken@example.com ']) {
        const again = await post('/api/business/register', {
          ...validRegistration(email),
          password: 'someone-else',
        });
        expect(again.statusCode, email).toBe(409);
        expect(again.json()).toEqual(refused);
      }

      // The organiser who never paid returns days later and picks another plan.
      const resumed = await post('/api/business/register', {
        ...validRegistration('Taken@Example.com'),
        planId: 'starter',
      });
      expect(resumed.statusCode).toBe(201);
      expect(resumed.json()).toMatchObject({
        id: firstId,
        planId: 'starter',
        isActive: false,
        signupToken: expect.any(String),
      });

      // Once the account is paid for, nobody can take it over, password or not.
      await t.database.db
        .updateTable('business_users')
        .set({ is_active: true })
        .where('id', '=', firstId)
        .execute();
      const paid = await post('/api/business/register', validRegistration('taken@example.com'));
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual(refused);

      const count = await t.database.db
        .selectFrom('business_users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', 'taken@example.com')
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(1);
    });
  });
});

describe("the purchase flow's account form", () => {
  const form = {
    ...validRegistration('grace@example.com'),
    confirmPassword: 'cobol-forever',
  };
  const messages = (value: unknown) => {
    const result = businessRegistrationFormSchema.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a matching confirmation', () => {
    expect(messages(form)).toEqual([]);
  });

  it('asks for the confirmation and wants it to match', () => {
    expect(messages({ ...form, confirmPassword: '' })).toEqual([
      'confirmPassword: Please confirm your password',
    ]);
    expect(messages({ ...form, confirmPassword: 'cobol-forever!' })).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
    // A mismatch is reported beside the other fields' messages, not instead of them.
    expect(messages({ ...form, firstName: '', confirmPassword: 'other' })).toEqual([
      'firstName: First name is required',
      'confirmPassword: Passwords do not match',
    ]);
  });
});
