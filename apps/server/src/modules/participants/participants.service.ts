import {
  effectiveRegistrationFields,
  type ListParticipantsResponse,
  type listParticipantsQuerySchema,
  type RegisteredParticipant,
  type RegisterParticipantRequest,
  type RegisterParticipantResponse,
  type RegistrationData,
  registrationDataSchema,
} from '@wheelmeet/contracts';
import type { z } from 'zod';
import { toJsonColumn } from '../../db/json';
import { type ParticipantRow, toParticipant, type WheelRow } from '../../db/rows';
import type { Clock } from '../../lib/clock';
import { AppError, refusal } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { TokenService } from '../../lib/tokens';
import { RemovedFromWheelError } from '../safety/removed-from-wheel';
import type { WheelsService } from '../wheels/wheels.service';
import type { ParticipantsRepository } from './participants.repository';

const GENDERS = ['male', 'female', 'other'] as const;
const text = (value: RegistrationData[string] | undefined) =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** The answers that have a column of their own; every answer is also kept whole as JSON. */
export function profileColumns(answers: RegistrationData) {
  const age = answers.age;
  const gender = answers.gender;
  return {
    username: text(answers.username),
    age: typeof age === 'number' ? age : null,
    gender: GENDERS.find((option) => option === gender) ?? null,
    short_bio: text(answers.shortBio),
    who_am_i: text(answers.whoAmI),
    interests: text(answers.interests),
    email: text(answers.email)?.toLowerCase() ?? null,
  };
}

type ListParticipantsQueryInput = z.output<typeof listParticipantsQuerySchema>;

/** Registration forms whose answer schemas are kept; the oldest goes first. */
const ANSWER_SCHEMAS_KEPT = 200;

export const wheelFullMessage = (limit: number) =>
  `This wheel is full: its plan admits at most ${limit} participants. Please ask the organiser for another wheel.`;

export function createParticipantsService(deps: {
  participants: ParticipantsRepository;
  wheels: WheelsService;
  tokens: TokenService;
  clock: Clock;
  random: Random;
}) {
  const { participants, wheels, tokens, clock, random } = deps;

  /**
   * The schema of each registration form's answers, built once per form: building one (zod
   * compiles it) cost more than the rest of a registration. Keyed by the wheel's stored form.
   */
  const answerSchemas = new Map<string, ReturnType<typeof registrationDataSchema>>();
  function answersSchemaOf(wheel: WheelRow) {
    const key = wheel.registration_fields ?? '';
    let schema = answerSchemas.get(key);
    if (!schema) {
      schema = registrationDataSchema(effectiveRegistrationFields(wheels.registrationConfigOf(wheel)));
      answerSchemas.set(key, schema);
      if (answerSchemas.size > ANSWER_SCHEMAS_KEPT)
        answerSchemas.delete(answerSchemas.keys().next().value ?? '');
    }
    return schema;
  }

  return {
    /**
     * Registers someone on a wheel with the wheel's own form. The answers are checked with the
     * same schema the browser uses; a wheel behind an access code needs its grant; a wheel
     * whose owner's plan caps participants turns people away once full; a browser whose
     * participant the organiser removed from this wheel is refused with the removal's words.
     */
    async register(
      request: RegisterParticipantRequest,
      accessGrant: string | undefined,
    ): Promise<RegisterParticipantResponse> {
      const wheel = await wheels.requireOpenableWheel(request.wheelId, { accessGrant });
      if (wheel.status !== 'Active') {
        throw refusal('wheel_closed', 'This wheel is not open for registration.');
      }
      const parsed = answersSchemaOf(wheel).safeParse(request.registrationData);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: ['registrationData', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError('validation_failed', details[0]?.message ?? 'Please check your answers.', details);
      }

      const id = random.uuid();
      const row: ParticipantRow = {
        id,
        wheel_id: wheel.id,
        session_id: request.sessionId,
        ...profileColumns(parsed.data),
        registration_data: toJsonColumn(parsed.data),
        created_at: clock.now().toISOString(),
        staying: false,
        home_position: null,
        missed_answers: 0,
      };
      // The cap check and the insert are one atomic step, so simultaneous registrations cannot
      // overfill it. A browser the organiser removed someone from is refused first (decision 016).
      const outcome = await participants.insertWithinCap(row);
      if (!outcome.inserted) {
        if ('removed' in outcome) throw new RemovedFromWheelError();
        throw refusal('wheel_full', wheelFullMessage(outcome.limit));
      }
      const user: RegisteredParticipant = { ...toParticipant(row), wheelId: wheel.id };
      return { user, token: await tokens.signParticipant({ participantId: id, wheelId: wheel.id }) };
    },

    async listForAdmin(query: ListParticipantsQueryInput): Promise<ListParticipantsResponse> {
      const { rows, total } = await participants.listForAdmin(query);
      return {
        items: rows.map((row) => ({
          ...toParticipant(row),
          wheelId: row.wheel_id,
          wheelName: row.wheel_name,
          joinedAt: row.created_at,
        })),
        total,
      };
    },

    async findParticipant(id: string): Promise<ParticipantRow | undefined> {
      return participants.findById(id);
    },
  };
}

export type ParticipantsService = ReturnType<typeof createParticipantsService>;
