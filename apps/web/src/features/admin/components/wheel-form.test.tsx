import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCESS_CODE_MESSAGES,
  ACCESS_CODE_RULE,
  accessCodeProblem,
  PROMPT_MAX_LENGTH,
  PROMPTS_MAX,
  REGISTRATION_FIELDS_MAX,
  REGISTRATION_OPTIONS_MAX,
  RING_RULE_FIELD_MISSING,
  ringRuleOverlapMessage,
  SLOT_COUNT_MESSAGE,
} from '@wheelmeet/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  newCustomField,
  newWheelFormValues,
  toCreateWheelBody,
  toUpdateWheelBody,
  type WheelFormValues,
  wheelToFormValues,
} from '../lib/wheel-form-values';
import { makeAdminWheel } from '../test-utils';
import { WheelForm } from './wheel-form';

function renderForm(
  mode: 'create' | 'edit' = 'create',
  onSubmit: (values: WheelFormValues) => Promise<unknown> = vi.fn(async () => undefined),
  defaultValues = mode === 'create' ? newWheelFormValues() : wheelToFormValues(makeAdminWheel()),
) {
  const router = createMemoryRouter(
    [{ path: '/', element: <WheelForm mode={mode} defaultValues={defaultValues} onSubmit={onSubmit} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return onSubmit;
}

const submit = (mode: 'create' | 'edit' = 'create') =>
  userEvent.click(screen.getByRole('button', { name: mode === 'create' ? 'Create Wheel' : 'Save Changes' }));

describe('wheel form', () => {
  it('requires a name and a description, beside their fields', async () => {
    const onSubmit = renderForm();
    await submit();

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Name is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the slot count, the price and the access code of a private wheel', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    const slots = screen.getByLabelText(/^Slot count/);
    await userEvent.clear(slots);
    await userEvent.type(slots, '7');
    const price = screen.getByLabelText(/^Price/);
    await userEvent.clear(price);
    await userEvent.type(price, '-1');
    await userEvent.click(screen.getByLabelText(/Private wheel/));
    await submit();

    expect(await screen.findByText(SLOT_COUNT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Price cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('A private wheel needs an access code')).toBeInTheDocument();
  });

  it('generates a strong access code of 10 unambiguous characters', async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText(/Private wheel/));
    await userEvent.click(screen.getByRole('button', { name: 'Generate code' }));
    const code = (screen.getByLabelText(/^Access code/) as HTMLInputElement).value;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(accessCodeProblem(code)).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Generate code' }));
    expect((screen.getByLabelText(/^Access code/) as HTMLInputElement).value).not.toBe(code);
  });

  it('refuses a weak access code with the rule beside the field, and takes a generated one', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    await userEvent.click(screen.getByLabelText(/Private wheel/));
    const code = screen.getByLabelText(/^Access code/);
    expect(code).toHaveAccessibleDescription(expect.stringContaining(ACCESS_CODE_RULE));

    await userEvent.type(code, '123');
    await submit();
    expect(await screen.findByText(ACCESS_CODE_MESSAGES.tooShort)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '12345678');
    await submit();
    expect(await screen.findByText(ACCESS_CODE_MESSAGES.digitsOnly)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Generate code' }));
    await waitFor(() => expect(screen.queryByText(ACCESS_CODE_MESSAGES.digitsOnly)).not.toBeInTheDocument());
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it(`stops adding fields at ${REGISTRATION_FIELDS_MAX}`, async () => {
    const defaults = newWheelFormValues();
    const more = REGISTRATION_FIELDS_MAX - 1 - defaults.registrationFields.fields.length;
    const almostFull: WheelFormValues = {
      ...defaults,
      registrationFields: {
        ...defaults.registrationFields,
        fields: [
          ...defaults.registrationFields.fields,
          ...Array.from({ length: more }, (_, index) => ({
            ...newCustomField(),
            label: `Question ${index}`,
          })),
        ],
      },
    };
    renderForm('create', undefined, almostFull);
    const add = screen.getByRole('button', { name: 'Add custom field' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(screen.getAllByRole('button', { name: /^Remove field/ })).toHaveLength(more + 1);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      `A registration form can have at most ${REGISTRATION_FIELDS_MAX} fields.`,
    );
  });

  it('shows the limit on select options beside the options', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    const identity = screen.getByRole('group', { name: 'Who am I' });
    const options = within(identity).getByLabelText('Options');
    await userEvent.clear(options);
    await userEvent.click(options);
    await userEvent.paste(Array.from({ length: REGISTRATION_OPTIONS_MAX + 1 }, (_, i) => `o${i}`).join(','));
    await submit();

    expect(
      await within(identity).findByText(`A choice list can have at most ${REGISTRATION_OPTIONS_MAX} options`),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the organiser's time to answer a match and call length, and refuses an answer window too short", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    const answer = screen.getByLabelText(/^Time to answer a match/);
    await userEvent.type(answer, '5');
    await submit();
    expect(await screen.findByText('People need at least 10 seconds to answer')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(answer);
    await userEvent.type(answer, '45');
    await userEvent.type(screen.getByLabelText(/^Call length \(minutes\)/), '8');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues;
    expect(toCreateWheelBody(values)).toMatchObject({ answerSeconds: 45, callMinutes: 8 });
  });

  it('lets the organiser choose which contact details people may share, at least one', async () => {
    const onSubmit = renderForm(
      'edit',
      undefined,
      wheelToFormValues(makeAdminWheel({ contactFields: ['email'] })),
    );
    const section = screen.getByRole('group', { name: 'Keeping in touch' });
    expect(within(section).getByLabelText('Email')).toBeChecked();
    expect(within(section).getByLabelText('Phone')).not.toBeChecked();

    await userEvent.click(within(section).getByLabelText('Email'));
    await submit('edit');
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Choose at least one contact detail people may share',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(within(section).getByLabelText('LinkedIn profile'));
    await userEvent.click(within(section).getByLabelText('Phone'));
    await submit('edit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues;
    expect(toUpdateWheelBody(values).contactFields).toEqual(['linkedinUrl', 'phone']);
  });

  it('sends the expiry as a day, leaves empty optional text out and sends the registration form', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    await userEvent.type(screen.getByLabelText(/^Expiry date/), '2030-05-17');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues;
    const body = toCreateWheelBody(values);
    expect(body).toMatchObject({
      name: 'Mixer',
      description: 'Meet people',
      slotCount: 12,
      isPrivate: false,
      price: 0,
      expiresAt: '2030-05-17',
    });
    expect(body).not.toHaveProperty('rules');
    expect(body).not.toHaveProperty('guidelines');
    expect(body).not.toHaveProperty('accessCode');
    expect(body).not.toHaveProperty('roundSeconds');
    expect(body).not.toHaveProperty('answerSeconds');
    // Starts from the admin-side defaults: age and gender on, the rest off.
    const enabled = body.registrationFields?.fields
      .filter((field) => field.enabled)
      .map((field) => field.name);
    expect(body.registrationFields?.enabled).toBe(true);
    expect(enabled).toEqual(['age', 'gender']);
  });

  it('edits the registration fields: labels, select options and custom fields', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');

    const identity = screen.getByRole('group', { name: 'Who am I' });
    await userEvent.click(within(identity).getByLabelText('Enabled'));
    const options = within(identity).getByLabelText('Options');
    await userEvent.clear(options);
    await userEvent.type(options, 'founder, investor,');

    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }));
    const custom = screen.getByRole('group', { name: /New field/ });
    await userEvent.type(within(custom).getByLabelText(/^Label/), 'Company');
    await userEvent.click(within(screen.getByRole('group', { name: /Company/ })).getByLabelText('Required'));
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = toCreateWheelBody(vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues);
    const fields = body.registrationFields?.fields ?? [];
    expect(fields.find((field) => field.id === 'identity')).toMatchObject({
      enabled: true,
      options: ['founder', 'investor'],
    });
    expect(fields.at(-1)).toMatchObject({ label: 'Company', type: 'text', required: true, enabled: true });
  });

  it('asks for a label on a custom field and lets it be removed', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }));
    await submit();

    expect(await screen.findByText('Label is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove field New field' }));
    expect(screen.queryByRole('group', { name: /New field/ })).not.toBeInTheDocument();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('puts the server field errors beside their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        code: 'validation_failed',
        reason: 'validation_failed',
        message: 'Name is taken',
        details: [{ path: 'body.name', message: 'A wheel with this name already exists' }],
      });
    });
    renderForm('create', onSubmit);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    await submit();

    expect(await screen.findByText('A wheel with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's message, e.g. a plan's slot limit", async () => {
    const onSubmit = vi.fn(async () => {
      const message = 'Your plan allows at most 50 slots.';
      throw new ApiError({ status: 403, code: 'forbidden', message, serverMessage: message });
    });
    renderForm('create', onSubmit);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your plan allows at most 50 slots.');
  });

  it('falls back to the standard texts without a server message', async () => {
    renderForm('edit', async () => {
      throw new Error('offline');
    });
    await submit('edit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update wheel. Please try again.');
  });

  it('has no slot count on edit but a status', () => {
    renderForm('edit');
    expect(screen.queryByLabelText(/^Slot count/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('Active');
  });

  describe('event', () => {
    const section = () => screen.getByRole('group', { name: 'Event' });

    it('sends the start in the browser’s time zone, the number of rounds and one prompt per line', async () => {
      const onSubmit = renderForm('edit');
      const event = section();
      expect(within(event).getByText(/^In your time zone \(/)).toBeInTheDocument();
      fireEvent.change(within(event).getByLabelText('Starts at'), { target: { value: '2030-05-17T18:30' } });
      await userEvent.type(within(event).getByLabelText('Number of rounds'), '6');
      await userEvent.type(
        within(event).getByLabelText('Icebreaker prompts'),
        'Best trip?{Enter}{Enter}Tool?',
      );
      expect(within(event).getByText('2 of 50 prompts')).toBeInTheDocument();
      await submit('edit');

      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      const values = vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues;
      expect(toUpdateWheelBody(values)).toMatchObject({
        startsAt: new Date(2030, 4, 17, 18, 30).toISOString(),
        roundCount: 6,
        prompts: ['Best trip?', 'Tool?'],
      });
    });

    it("shows the contract's messages beside the number of rounds and the prompts", async () => {
      const onSubmit = renderForm('edit');
      const event = section();
      const rounds = within(event).getByLabelText('Number of rounds');
      await userEvent.type(rounds, '101');
      fireEvent.change(within(event).getByLabelText('Icebreaker prompts'), {
        target: { value: `Fine\n${'x'.repeat(PROMPT_MAX_LENGTH + 1)}` },
      });
      await submit('edit');
      expect(await within(event).findByText('An event has at most 100 rounds')).toBeInTheDocument();
      expect(rounds).toHaveAccessibleDescription(/An event has at most 100 rounds/);
      expect(within(event).getByLabelText('Icebreaker prompts')).toHaveAccessibleDescription(
        /A prompt can be at most 200 characters/,
      );

      await userEvent.clear(rounds);
      await userEvent.type(rounds, '0');
      fireEvent.change(within(event).getByLabelText('Icebreaker prompts'), {
        target: {
          value: Array.from({ length: PROMPTS_MAX + 1 }, (_, index) => `Prompt ${index}`).join('\n'),
        },
      });
      await submit('edit');
      expect(await within(event).findByText('An event has at least 1 round')).toBeInTheDocument();
      expect(within(event).getByText('A wheel can have at most 50 prompts')).toBeInTheDocument();
      expect(within(event).getByText('51 of 50 prompts')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe('rings', () => {
    const rings = () => screen.getByRole('group', { name: 'Rings' });
    const preview = () => within(rings()).getByRole('region', { name: 'Preview' });
    const mentoringWheel = () =>
      wheelToFormValues(
        makeAdminWheel({
          innerRingLabel: 'Mentors',
          outerRingLabel: 'Mentees',
          ringRule: { field: 'whoAmI', inner: ['professional'], outer: ['student'] },
          registrationFields: {
            enabled: true,
            fields: [
              {
                id: 'identity',
                name: 'whoAmI',
                label: 'Who am I',
                type: 'select',
                required: true,
                options: ['professional', 'student', 'founder'],
                enabled: true,
              },
              {
                id: 'company',
                name: 'company',
                label: 'Company',
                type: 'text',
                required: false,
                enabled: true,
              },
            ],
          },
        }),
      );

    it('names the rings and places each answer of a choice field with a radio group, sent with the wheel', async () => {
      const onSubmit = renderForm();
      await userEvent.type(screen.getByLabelText(/^Name/), 'Mentoring night');
      await userEvent.type(screen.getByLabelText(/^Description/), 'Meet a mentor');
      const identity = screen.getByRole('group', { name: 'Who am I' });
      await userEvent.click(within(identity).getByLabelText('Enabled'));
      const inner = within(rings()).getByLabelText('Inner ring name');
      expect(inner).toHaveAttribute('placeholder', 'Inner ring');
      expect(inner).toHaveAttribute('maxlength', '40');
      await userEvent.type(inner, 'Mentors');
      await userEvent.type(within(rings()).getByLabelText('Outer ring name'), 'Mentees');
      expect(preview()).toHaveTextContent('No rule: anyone sits on either ring.');

      await userEvent.selectOptions(within(rings()).getByLabelText(/^Place people by/), 'Who am I');
      const professional = within(rings()).getByRole('radiogroup', { name: 'professional' });
      expect(within(professional).getByRole('radio', { name: 'Either ring' })).toBeChecked();
      await userEvent.click(within(professional).getByRole('radio', { name: 'Mentors' }));
      const student = within(rings()).getByRole('radiogroup', { name: 'student' });
      await userEvent.click(within(student).getByRole('radio', { name: 'Mentees' }));
      expect(preview()).toHaveTextContent(
        'Mentors (inner ring): professional. Mentees (outer ring): student. Anyone else: either ring.',
      );
      await submit();

      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      const body = toCreateWheelBody(vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues);
      expect(body).toMatchObject({
        innerRingLabel: 'Mentors',
        outerRingLabel: 'Mentees',
        ringRule: { field: 'whoAmI', inner: ['professional'], outer: ['student'] },
      });
    });

    it('shows a saved rule and sends no rule once the organiser picks nobody', async () => {
      const onSubmit = renderForm('edit', undefined, mentoringWheel());
      expect(within(rings()).getByLabelText(/^Place people by/)).toHaveValue('whoAmI');
      const student = within(rings()).getByRole('radiogroup', { name: 'student' });
      expect(within(student).getByRole('radio', { name: 'Mentees' })).toBeChecked();

      await userEvent.selectOptions(
        within(rings()).getByLabelText(/^Place people by/),
        'Nobody: anyone sits anywhere',
      );
      expect(within(rings()).queryByRole('radiogroup')).not.toBeInTheDocument();
      await submit('edit');
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(
        toUpdateWheelBody(vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues).ringRule,
      ).toBeNull();
    });

    it("takes a text field's answers as comma-separated text and shows the contract's message for an answer on both rings", async () => {
      const onSubmit = renderForm('edit', undefined, mentoringWheel());
      await userEvent.selectOptions(within(rings()).getByLabelText(/^Place people by/), 'Company');
      await userEvent.type(within(rings()).getByLabelText(/^Inner ring answers/), 'Acme, Globex');
      await userEvent.type(within(rings()).getByLabelText(/^Outer ring answers/), 'globex');
      await submit('edit');

      expect(await within(rings()).findByText(ringRuleOverlapMessage(['Globex']))).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();

      await userEvent.clear(within(rings()).getByLabelText(/^Outer ring answers/));
      await userEvent.type(within(rings()).getByLabelText(/^Outer ring answers/), 'Initech');
      await submit('edit');
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(toUpdateWheelBody(vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues).ringRule).toEqual({
        field: 'company',
        inner: ['Acme', 'Globex'],
        outer: ['Initech'],
      });
    });

    it("shows the contract's message when the field the rule reads is switched off, instead of dropping the rule", async () => {
      const onSubmit = renderForm('edit', undefined, mentoringWheel());
      await userEvent.click(
        within(screen.getByRole('group', { name: 'Who am I' })).getByLabelText('Enabled'),
      );
      const placeBy = within(rings()).getByLabelText(/^Place people by/);
      expect(placeBy).toHaveValue('whoAmI');
      expect(placeBy).toHaveDisplayValue('whoAmI (not on the registration form)');
      await submit('edit');

      expect(await within(rings()).findByText(RING_RULE_FIELD_MISSING)).toBeInTheDocument();
      expect(placeBy).toHaveAttribute('aria-invalid', 'true');
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('offers the participant defaults when the registration form is off', () => {
      renderForm('edit', undefined, wheelToFormValues(makeAdminWheel({ registrationFields: null })));
      const choices = within(within(rings()).getByLabelText(/^Place people by/)).getAllByRole('option');
      expect(choices.map((choice) => choice.textContent)).toEqual([
        'Nobody: anyone sits anywhere',
        'Age',
        'Gender',
        'Short Bio',
        'Who am I',
        'Interests',
      ]);
    });
  });

  it("turns Interests into a multiple choice of the organiser's own options", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mixer');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Meet people');
    const interests = screen.getByRole('group', { name: 'Interests' });
    await userEvent.click(within(interests).getByLabelText('Enabled'));
    expect(within(interests).queryByLabelText('Options')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(interests).getByLabelText('Type'), 'Multiple choice');
    await userEvent.type(within(interests).getByLabelText('Options'), 'AI, climate, fintech');
    // A built-in field other than Interests keeps its type.
    expect(
      within(screen.getByRole('group', { name: 'Age' })).queryByLabelText('Type'),
    ).not.toBeInTheDocument();
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = toCreateWheelBody(vi.mocked(onSubmit).mock.calls[0]?.[0] as WheelFormValues);
    expect(body.registrationFields?.fields.find((field) => field.name === 'interests')).toMatchObject({
      type: 'multiselect',
      enabled: true,
      options: ['AI', 'climate', 'fintech'],
    });
  });

  it('offers Multiple choice for a custom field, with its options', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }));
    const custom = screen.getByRole('group', { name: /New field/ });
    await userEvent.selectOptions(within(custom).getByLabelText('Type'), 'Multiple choice');
    expect(within(custom).getByLabelText('Options')).toBeInTheDocument();
  });
});
