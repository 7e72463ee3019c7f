import {
  type AdminWheel,
  type ErrorBody,
  REGISTRATION_FIELDS_JSON_INVALID,
  REGISTRATION_FIELDS_NOT_JSON,
  REGISTRATION_TEXT_MAX,
  type RegistrationConfig,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const FORM: RegistrationConfig = {
  enabled: true,
  fields: [
    { id: 'age', name: 'age', label: 'Age', type: 'number', required: true, enabled: true },
    {
      id: 'role',
      name: 'role',
      label: 'Role',
      type: 'select',
      required: false,
      enabled: true,
      options: ['founder', 'investor'],
    },
  ],
};

/*
 * Issue 33: the spec's admin client sends registrationFields as serialized JSON ("a JSON string
 * holding a registration configuration"); ours sends the object. Both mean the same form.
 */
describeEachDialect('a wheel’s registration form sent as JSON text', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers, payload });
  const storedForm = async (id: string) =>
    (
      await t.database.db
        .selectFrom('wheels')
        .select('registration_fields')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).registration_fields;

  it('stores the same form from JSON text as from the object, on create and on update', async () => {
    const asObject = await send('POST', '/api/admin/wheels', {
      name: 'Object',
      description: 'd',
      registrationFields: FORM,
    });
    const asText = await send('POST', '/api/admin/wheels', {
      name: 'Text',
      description: 'd',
      registrationFields: JSON.stringify(FORM),
    });
    expect(asObject.statusCode).toBe(201);
    expect(asText.statusCode).toBe(201);
    const [objectWheel, textWheel] = [asObject.json<AdminWheel>(), asText.json<AdminWheel>()];
    expect(textWheel.registrationFields).toEqual(FORM);
    expect(await storedForm(textWheel.id)).toEqual(await storedForm(objectWheel.id));

    // What a visitor reads to fill in the form is the same too.
    const open = await t.app.inject({ method: 'GET', url: `/api/wheels/${textWheel.id}` });
    expect(open.json<{ registrationFields: RegistrationConfig }>().registrationFields).toEqual(FORM);

    const changed: RegistrationConfig = { ...FORM, fields: FORM.fields.slice(0, 1) };
    const updated = await send('PUT', `/api/admin/wheels/${objectWheel.id}`, {
      name: 'Object',
      description: 'd',
      registrationFields: JSON.stringify(changed),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<AdminWheel>().registrationFields).toEqual(changed);
    const updatedByObject = await send('PUT', `/api/admin/wheels/${textWheel.id}`, {
      name: 'Text',
      description: 'd',
      registrationFields: changed,
    });
    expect(await storedForm(objectWheel.id)).toEqual(await storedForm(textWheel.id));
    expect(updatedByObject.json<AdminWheel>().registrationFields).toEqual(changed);

    // JSON null clears the form, as null does.
    const cleared = await send('PUT', `/api/admin/wheels/${textWheel.id}`, {
      name: 'Text',
      description: 'd',
      registrationFields: 'null',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<AdminWheel>().registrationFields).toBeNull();
  });

  it('answers 400 validation_failed at registrationFields for text that is not JSON, or not a form', async () => {
    const created = await send('POST', '/api/admin/wheels', {
      name: 'Kept',
      description: 'd',
      registrationFields: FORM,
    });
    const wheel = created.json<AdminWheel>();
    const before = await storedForm(wheel.id);

    const cases: Array<[string, string]> = [
      ['{"enabled": true, "fields": [', REGISTRATION_FIELDS_NOT_JSON],
      ['', REGISTRATION_FIELDS_NOT_JSON],
      ['"a form"', `${REGISTRATION_FIELDS_JSON_INVALID}: Invalid input: expected object, received string`],
      [
        JSON.stringify({ enabled: true }),
        `${REGISTRATION_FIELDS_JSON_INVALID} at fields: Invalid input: expected array, received undefined`,
      ],
      [
        JSON.stringify({ enabled: true, fields: [{ ...FORM.fields[0], label: 'x'.repeat(1_000) }] }),
        `${REGISTRATION_FIELDS_JSON_INVALID} at fields.0.label: A label can be at most ${REGISTRATION_TEXT_MAX} characters`,
      ],
    ];
    for (const [text, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/admin/wheels'],
        ['PUT', `/api/admin/wheels/${wheel.id}`],
      ] as const) {
        const response = await send(method, url, {
          name: 'Kept',
          description: 'd',
          registrationFields: text,
        });
        expect(response.statusCode, `${method} ${text}`).toBe(400);
        expect(response.json<ErrorBody>().error).toEqual({
          code: 'validation_failed',
          reason: 'validation_failed',
          message,
          details: [{ path: 'body.registrationFields', message }],
        });
      }
    }
    expect(await storedForm(wheel.id)).toBe(before);
  });

  it('says in the OpenAPI document that the form may also come as JSON text', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const body = JSON.stringify(document.paths['/api/admin/wheels']?.post);
    expect(body).toContain('serialized as a JSON string');
    expect(body).toContain('RegistrationConfig');
  });
});
