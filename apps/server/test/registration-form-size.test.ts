import {
  type AdminWheel,
  type ErrorBody,
  REGISTRATION_FIELDS_MAX,
  REGISTRATION_OPTIONS_MAX,
  REGISTRATION_TEXT_MAX,
  type RegistrationField,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const field = (index: number, extra: Partial<RegistrationField> = {}): RegistrationField => ({
  id: `custom-${index}`,
  name: `custom_${index}`,
  label: `Question ${index}`,
  type: 'text',
  required: false,
  enabled: true,
  ...extra,
});
const formOf = (count: number) => ({
  enabled: true,
  fields: Array.from({ length: count }, (_, index) => field(index)),
});

describeEachDialect('the size of a wheel’s registration form', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers, payload });
  const wheelCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('wheels')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const storedForm = async (id: string) =>
    (
      await t.database.db
        .selectFrom('wheels')
        .select('registration_fields')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).registration_fields;

  it('refuses a 3,000-field form with a 400 and stores nothing', async () => {
    const before = await wheelCount();
    const attack = await send('POST', '/api/admin/wheels', {
      name: 'Huge form',
      description: 'd',
      registrationFields: formOf(3_000),
    });
    expect(attack.statusCode).toBe(400);
    expect(attack.json<ErrorBody>().error).toMatchObject({
      code: 'validation_failed',
      reason: 'validation_failed',
      message: `A registration form can have at most ${REGISTRATION_FIELDS_MAX} fields`,
    });
    expect(await wheelCount()).toBe(before);

    // Nor can an existing wheel be grown to that size.
    const created = await send('POST', '/api/admin/wheels', {
      name: 'Small form',
      description: 'd',
      registrationFields: formOf(REGISTRATION_FIELDS_MAX),
    });
    expect(created.statusCode).toBe(201);
    const wheel = created.json<AdminWheel>();
    const storedBefore = await storedForm(wheel.id);
    const grown = await send('PUT', `/api/admin/wheels/${wheel.id}`, {
      name: 'Small form',
      description: 'd',
      registrationFields: formOf(3_000),
    });
    expect(grown.statusCode).toBe(400);
    expect(await storedForm(wheel.id)).toBe(storedBefore);

    // What every visitor downloads stays small.
    const visitor = await t.app.inject({ method: 'GET', url: `/api/wheels/${wheel.id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body.length).toBeLessThan(20_000);
  });

  it('bounds the fields, their options and the length of labels, names and options', async () => {
    const long = 'x'.repeat(REGISTRATION_TEXT_MAX + 1);
    const cases: Array<[RegistrationField, string, string]> = [
      [
        field(0, { type: 'select', options: Array.from({ length: REGISTRATION_OPTIONS_MAX + 1 }, String) }),
        'body.registrationFields.fields.0.options',
        `A choice list can have at most ${REGISTRATION_OPTIONS_MAX} options`,
      ],
      [
        field(0, { type: 'select', options: ['fine', long] }),
        'body.registrationFields.fields.0.options.1',
        `An option can be at most ${REGISTRATION_TEXT_MAX} characters`,
      ],
      [
        field(0, { label: long }),
        'body.registrationFields.fields.0.label',
        `A label can be at most ${REGISTRATION_TEXT_MAX} characters`,
      ],
      [
        field(0, { name: long }),
        'body.registrationFields.fields.0.name',
        `A field name can be at most ${REGISTRATION_TEXT_MAX} characters`,
      ],
      [
        field(0, { id: long }),
        'body.registrationFields.fields.0.id',
        `A field id can be at most ${REGISTRATION_TEXT_MAX} characters`,
      ],
    ];
    for (const [tooBig, path, message] of cases) {
      const response = await send('POST', '/api/admin/wheels', {
        name: 'Bounded',
        description: 'd',
        registrationFields: { enabled: true, fields: [tooBig] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([{ path, message }]);
    }

    const atTheLimits = await send('POST', '/api/admin/wheels', {
      name: 'At the limits',
      description: 'd',
      registrationFields: {
        enabled: true,
        fields: [
          field(0, {
            label: 'l'.repeat(REGISTRATION_TEXT_MAX),
            type: 'select',
            options: Array.from({ length: REGISTRATION_OPTIONS_MAX }, (_, i) => `${i}`.padEnd(100, 'o')),
          }),
        ],
      },
    });
    expect(atTheLimits.statusCode).toBe(201);
  });
});
