import type { Generated } from 'kysely';

/*
 * The tables as the repositories see them. Portable across SQLite and PostgreSQL:
 * ids are UUID text, timestamps are ISO-8601 strings (UTC, millisecond precision),
 * booleans are booleans and JSON is text; `db/database.ts` makes both dialects agree.
 */

export interface PlansTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  period: string | null;
  features: string; // JSON array of strings
  featured: boolean;
  max_participants_per_wheel: number | null;
  support_level: 'email' | 'priority' | 'dedicated';
  api_access: boolean;
  sort_order: number;
}

export interface BusinessUsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string; // stored lower-cased, unique
  company_name: string;
  phone_number: string | null;
  plan_id: string;
  password_hash: string;
  is_active: boolean;
  /** Raised whenever existing sign-in tokens must stop working (password, role, deactivation). */
  session_version: Generated<number>;
  /** Set when an admin deactivated the account; null for an account that was never paid or is active. */
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable {
  id: string;
  username: string; // unique
  email: string; // stored lower-cased, unique
  password_hash: string;
  first_name: string;
  last_name: string;
  is_super_admin: boolean;
  is_active: boolean;
  /** Raised whenever existing sign-in tokens must stop working (password, role, deactivation). */
  session_version: Generated<number>;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WheelsTable {
  id: string;
  name: string;
  description: string;
  slot_count: number;
  current_round: Generated<number>;
  last_spin_date: string | null;
  /** Overrides the server's round length for this wheel; null: the server default. */
  round_seconds: number | null;
  /** How long people have to answer a match after the reveal; null: MATCH_ANSWER_WINDOW_MS. */
  answer_seconds: Generated<number | null>;
  /** How long a call lasts on this wheel; null: CALL_MINUTES_DEFAULT. */
  call_minutes: Generated<number | null>;
  /** JSON array of the contact fields people may share on this wheel; null: all of them. */
  contact_fields: Generated<string | null>;
  /** JSON array of the origins allowed to embed the wheel (decision 017); null: none. */
  embed_origins: Generated<string | null>;
  rounds_paused: Generated<boolean>;
  is_private: boolean;
  requires_access_code: boolean;
  access_code: string | null;
  /** Raised when the access code changes, so grants for an earlier code no longer open the wheel. */
  access_code_version: Generated<number>;
  expires_at: string | null;
  price_cents: number;
  rules: string | null;
  guidelines: string | null;
  status: 'Active' | 'Inactive' | 'Completed' | 'Expired';
  registration_fields: string | null; // JSON RegistrationConfig
  business_user_id: string | null;
  created_at: string;
  updated_at: string;
  /** When the server spins next; null: waiting for people on both rings (or paused). */
  next_spin_at: string | null;
  /** Set while a round's spin is under way (until the slots clear). */
  spin_started_at: string | null;
  /** Set once the spin's matches were revealed to the clients. */
  matches_revealed_at: string | null;
  spin_inner_offset: number | null;
  spin_outer_offset: number | null;
  priority_participant_ids: Generated<string>; // JSON array of participant ids
  /** What the wheel calls its rings ('Mentors', 'Mentees'); null: 'Inner ring', 'Outer ring'. */
  inner_ring_label: Generated<string | null>;
  outer_ring_label: Generated<string | null>;
  /** JSON RingRule: which registration answers sit on which ring (decision 032); null: anyone anywhere. */
  ring_rule: Generated<string | null>;
  /** Issue 35: when the first round may spin; null: as soon as both rings have someone. */
  starts_at: Generated<string | null>;
  /** How many rounds the event has; null: endless. */
  round_count: Generated<number | null>;
  /** JSON array of icebreaker prompts, one per round in turn; null: none. */
  prompts: Generated<string | null>;
  /** When the event ended: its last round's reset, or the organiser's 'End event'. */
  event_ended_at: Generated<string | null>;
  /** The host's latest announcement and when it went out (one per ANNOUNCEMENT_INTERVAL_MS). */
  announcement_message: Generated<string | null>;
  announcement_sent_at: Generated<string | null>;
}

export interface ParticipantsTable {
  id: string;
  wheel_id: string;
  session_id: string;
  username: string | null;
  age: number | null;
  gender: 'male' | 'female' | 'other' | null;
  short_bio: string | null;
  who_am_i: string | null;
  interests: string | null;
  registration_data: string; // JSON object keyed by field name
  created_at: string;
  /** Keeps their seat for the next round (issue 38); set when they take one, until it ends. */
  staying: Generated<boolean>;
  /** The seat a staying person returns to when their call ends; null while seated or not staying. */
  home_position: Generated<number | null>;
  /** Matches in a row this person let expire unanswered; two end their staying. */
  missed_answers: Generated<number>;
  /** The answer to the wheel's `email` field, lower-cased: the same person on the organiser's other wheels. */
  email: Generated<string | null>;
}

export interface SlotsTable {
  id: string;
  wheel_id: string;
  position: number;
  participant_id: string | null;
  occupied_at: string | null;
}

export interface MatchesTable {
  id: string;
  wheel_id: string;
  round: number;
  user1_id: string;
  user2_id: string;
  status: 'Pending' | 'Accepted' | 'Rejected';
  accepted_by_user1: boolean;
  accepted_by_user2: boolean;
  created_at: string;
  call_started_at: string | null;
  call_ended_at: string | null;
  /** Until when a pending match can be answered (decision 010). */
  answer_by: string | null;
  /** Set when the server closed the match; the API shows it as 'Expired'. */
  closed_at: string | null;
  close_reason: 'unanswered' | 'partnerLeft' | 'callNotStarted' | 'ended' | null;
  /** When the server ends the call (decision 014); set when it first starts. */
  call_ends_at: Generated<string | null>;
  /** The call was extended once (both asked). */
  call_extended: Generated<boolean>;
  /** Who asked to extend the call and waits for the other; null once extended. */
  call_extension_requested_by: Generated<string | null>;
  /** Issue 35: the round's icebreaker prompt, fixed at the spin; null: the wheel had none. */
  prompt: Generated<string | null>;
}

/** One person's choice after a call or a declined match (issue 13, decision 015). */
export interface FollowUpsTable {
  match_id: string;
  participant_id: string;
  wheel_id: string;
  share: boolean;
  contact: string; // JSON ContactDetails
  rating: 'up' | 'down' | null;
  note: string | null;
  updated_at: string;
}

/** Issue 13 (3), decision 016: a participant never meets the one they blocked again on the wheel. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  wheel_id: string;
  created_at: string;
}

export interface SafetyReportsTable {
  id: string;
  wheel_id: string;
  match_id: string;
  reporter_id: string;
  reported_id: string;
  reason: 'harassment' | 'inappropriate' | 'spam' | 'impersonation' | 'other';
  details: string | null;
  created_at: string;
  /** When an organiser or admin marked it handled; null while it is open. */
  handled_at: string | null;
}

/** A participant the organiser or an admin took off their wheel; their token no longer works there. */
export interface ParticipantRemovalsTable {
  participant_id: string;
  wheel_id: string;
  removed_at: string;
  /** Who removed them: `Admin:<id>` or `BusinessUser:<id>`. */
  removed_by: string;
}

export interface DemoRequestsTable {
  id: string;
  contact_person: string;
  phone_number: string;
  company_name: string;
  email: string;
  requested_at: string;
}

export interface PaymentsTable {
  id: string;
  business_user_id: string;
  plan_id: string;
  provider: 'stripe' | 'test';
  provider_payment_id: string; // unique per provider
  amount_cents: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure_message: string | null;
  created_at: string;
  updated_at: string;
}

/** Provider events already handled, so a replayed webhook changes nothing. */
export interface PaymentEventsTable {
  id: string; // the provider's event id
  provider: 'stripe' | 'test';
  type: string;
  received_at: string;
}

export interface SubscriptionsTable {
  id: string;
  business_user_id: string;
  plan_id: string;
  payment_id: string | null;
  starts_at: string;
  ends_at: string | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

/** A domain event raised in a transaction and not yet handled by every listener (decision 026). */
export interface EventOutboxTable {
  id: string;
  name: string;
  payload: string; // JSON
  attempts: Generated<number>;
  due_at: string;
  created_at: string;
}

/** A mail waiting to be sent, sent, or given up on (decision 019). */
export interface EmailOutboxTable {
  id: string;
  dedupe_key: string; // unique
  kind: 'receipt' | 'demo_request' | 'summary';
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A participant who asked for their "My connections" summary by email after the event. */
export interface SummaryEmailsTable {
  participant_id: string;
  wheel_id: string;
  email: string;
  updated_at: string;
}

/** An organiser's key to the public API (decision 018); only its sha-256 is kept. */
export interface ApiKeysTable {
  id: string;
  business_user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * A browser's proof that it signed in to an account before (decision 008, issue 36); only the
 * sha-256 of the token is kept. Exactly one of `admin_id` and `business_user_id` is set.
 */
export interface DeviceTokensTable {
  token_hash: string;
  admin_id: string | null;
  business_user_id: string | null;
  failed_attempts: Generated<number>;
  created_at: string;
  last_used_at: string;
}

export interface WebhooksTable {
  id: string;
  business_user_id: string;
  url: string;
  events: string; // JSON array of WebhookEvent
  secret: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Issue 38: each round's matching as it was at the spin, for the wheel's report. */
export interface WheelRoundsTable {
  wheel_id: string;
  round: number;
  spun_at: string;
  seated: number;
  pairs: number;
  /** Pairs who had never met on any of the organiser's wheels before this round. */
  never_met_pairs: number;
  /** Interests shared within the round's pairs, summed. */
  shared_interests: number;
  /** JSON array of the seated people left without a partner. */
  sat_out_ids: string;
}

/** Issue 36: a wheel's push number, +1 per push to its room, shared by every server process. */
export interface WheelPushSequencesTable {
  wheel_id: string;
  seq: number;
}

/** Decision 036: the caller's offer for a pending match, until both accepted and it went to the partner. */
export interface PreparedOffersTable {
  match_id: string;
  sdp: string;
}

export interface Database {
  plans: PlansTable;
  business_users: BusinessUsersTable;
  admins: AdminsTable;
  wheels: WheelsTable;
  participants: ParticipantsTable;
  slots: SlotsTable;
  matches: MatchesTable;
  follow_ups: FollowUpsTable;
  blocks: BlocksTable;
  safety_reports: SafetyReportsTable;
  participant_removals: ParticipantRemovalsTable;
  demo_requests: DemoRequestsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  subscriptions: SubscriptionsTable;
  settings: SettingsTable;
  event_outbox: EventOutboxTable;
  email_outbox: EmailOutboxTable;
  summary_emails: SummaryEmailsTable;
  api_keys: ApiKeysTable;
  device_tokens: DeviceTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  wheel_rounds: WheelRoundsTable;
  wheel_push_sequences: WheelPushSequencesTable;
  prepared_offers: PreparedOffersTable;
}

/** Every boolean column, so the SQLite side can turn its 0/1 back into booleans. */
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set([
  'featured',
  'api_access',
  'is_active',
  'is_super_admin',
  'rounds_paused',
  'is_private',
  'requires_access_code',
  'accepted_by_user1',
  'accepted_by_user2',
  'call_extended',
  'share',
  'staying',
]);

type TableName = keyof Database;

/**
 * For each table, the tables whose rows a delete from it changes through a foreign key (ON
 * DELETE CASCADE or SET NULL), one step away. The read caches need it: a deleted wheel takes
 * its participants along without a statement naming them. A test holds it to the migrated
 * database, so a migration that adds such a key fails until it is listed here.
 */
export const DELETES_CHANGE: Readonly<Partial<Record<TableName, readonly TableName[]>>> = {
  admins: ['device_tokens'],
  business_users: ['api_keys', 'device_tokens', 'payments', 'subscriptions', 'webhooks', 'wheels'],
  matches: ['follow_ups', 'prepared_offers', 'safety_reports'],
  participants: ['blocks', 'matches', 'participant_removals', 'slots', 'summary_emails'],
  payments: ['subscriptions'],
  webhooks: ['webhook_deliveries'],
  wheels: [
    'blocks',
    'follow_ups',
    'matches',
    'participant_removals',
    'participants',
    'safety_reports',
    'slots',
    'summary_emails',
    'wheel_push_sequences',
    'wheel_rounds',
  ],
};
