import { DEFAULT_ROUND_SECONDS } from '@wheelmeet/contracts';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/client-address';
import { HUB_CALLS_PER_ADDRESS } from './realtime/hub-limits';

/** How long a dropped connection keeps its seat (README's config table): a reload or a network blip. */
const DEFAULT_SLOT_RELEASE_GRACE_MS = 5_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings in the environment mean "not set", as they do in most deployment tools. */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:-]{1,64}$/, 'must be 1-64 letters, digits, _, - or :')
    .default('wheelmeet'),
  PUBLIC_ORIGIN: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  ADMIN_USERNAME: z.string().trim().min(1).max(64).default('admin'),
  ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: optionalString,
  STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  TURN_CREDENTIAL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  PUBLIC_FORM_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  PARTICIPANT_REGISTRATION_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  WHEEL_ROUND_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_ROUND_SECONDS),
  SLOT_RELEASE_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(DEFAULT_SLOT_RELEASE_GRACE_MS),
  TRUST_PROXY: optionalString.transform((value, context) => {
    const parsed = parseTrustProxy(value);
    if (typeof parsed === 'string') {
      context.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  HUB_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
  HUB_CALLS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(HUB_CALLS_PER_ADDRESS.maxAttempts),
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
});

/** Every environment variable the server reads (README's configuration table lists each one). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server needs to know about its surroundings, read once at start-up. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key the server uses, so several installs (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** The origin people reach the product at (links, https detection); unset: the address it listens on. */
  publicOrigin: string | undefined;
  adminUsername: string;
  /** The first super admin's email; `<ADMIN_USERNAME>@wheelmeet.local` when unset. */
  adminEmail: string;
  adminPassword: string | undefined;
  /** Unset: generated once and kept in `dataDir` so tokens survive restarts. */
  jwtSecret: string | undefined;
  logLevel: LogLevel;
  /** The built web app; unset: `apps/web/dist` beside this server. */
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  /**
   * How long a client may take to send a request's headers, the whole request, and how long an
   * idle keep-alive connection stays open: a client sending its headers slowly holds a connection
   * only this long.
   */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** ICE servers for video calls; TURN credentials are derived per participant from `turnSecret`. */
  ice: {
    stunUrls: string[];
    turnUrls: string[];
    turnSecret: string | undefined;
    turnCredentialTtlSeconds: number;
  };
  /** Stripe when all three keys are set; otherwise the built-in test-mode provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  /** Organiser sign-ups and demo requests one client may send per 10 minutes. */
  publicFormLimit: number;
  /** Participant registrations one client may send per minute. */
  participantRegistrationLimit: number;
  /** Round length of wheels that do not set their own. */
  wheelRoundSeconds: number;
  /** How long a participant who lost their connection keeps their slot. */
  slotReleaseGraceMs: number;
  /** Which reverse proxies may name the client's address; false: none (the default). */
  trustProxy: TrustProxy;
  /** Hub connections one client address may hold at once (a venue's people may share one address). */
  hubConnectionsPerAddress: number;
  /** Hub calls one client address may make per 10 s, over all its connections (a venue shares one address). */
  hubCallsPerAddress: number;
  /** The bearer token GET /metrics asks for; unset: no metrics are kept and there is no /metrics. */
  metricsToken: string | undefined;
  /** Webhooks may reach loopback and private addresses (tests; installs inside a private network). Off by default: SSRF. */
  webhooksAllowPrivateAddresses: boolean;
  /** Public API requests one key may make per minute (decision 018). */
  apiRequestsPerMinute: number;
}

const urlList = (value: string) =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  if (urlList(value.TURN_URLS).length > 0 && !value.TURN_SECRET) {
    throw new ConfigError('Invalid configuration:\n  TURN_SECRET: is required when TURN_URLS is set');
  }
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (value.HTTP_HEADERS_TIMEOUT_MS > value.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    redisKeyPrefix: value.REDIS_KEY_PREFIX,
    publicOrigin: value.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    adminUsername: value.ADMIN_USERNAME,
    adminEmail: value.ADMIN_EMAIL ?? `${value.ADMIN_USERNAME}@wheelmeet.local`,
    adminPassword: value.ADMIN_PASSWORD,
    jwtSecret: value.JWT_SECRET,
    logLevel: value.LOG_LEVEL,
    webDistDir: value.WEB_DIST_DIR,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    httpTimeouts: {
      headersMs: value.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: value.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: value.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    ice: {
      stunUrls: urlList(value.STUN_URLS),
      turnUrls: urlList(value.TURN_URLS),
      turnSecret: value.TURN_SECRET,
      turnCredentialTtlSeconds: value.TURN_CREDENTIAL_TTL_SECONDS,
    },
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            publishableKey: value.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    publicFormLimit: value.PUBLIC_FORM_LIMIT,
    participantRegistrationLimit: value.PARTICIPANT_REGISTRATION_LIMIT,
    wheelRoundSeconds: value.WHEEL_ROUND_SECONDS,
    slotReleaseGraceMs: value.SLOT_RELEASE_GRACE_MS,
    trustProxy: value.TRUST_PROXY,
    hubConnectionsPerAddress: value.HUB_CONNECTIONS_PER_ADDRESS,
    hubCallsPerAddress: value.HUB_CALLS_PER_ADDRESS,
    metricsToken: value.METRICS_TOKEN,
    webhooksAllowPrivateAddresses: value.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
    apiRequestsPerMinute: value.API_REQUESTS_PER_MINUTE,
  };
}
