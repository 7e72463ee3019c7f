import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with sensible defaults: port 3000, ./data, SQLite, admin named "admin"', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicOrigin: undefined,
      adminUsername: 'admin',
      adminEmail: 'admin@wheelmeet.local',
      adminPassword: undefined,
      jwtSecret: undefined,
      logLevel: 'info',
      publicFormLimit: 10,
      participantRegistrationLimit: 30,
      slotReleaseGraceMs: 5_000,
      hubCallsPerAddress: 5_000,
    });
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/wheelmeet',
      DATABASE_URL: 'postgres://app@db:5432/wheelmeet',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_ORIGIN: 'https://meet.example.com/',
      ADMIN_USERNAME: 'ops',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'long enough secret',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/wheelmeet',
      databaseUrl: 'postgres://app@db:5432/wheelmeet',
      redisUrl: 'redis://cache:6379',
      publicOrigin: 'https://meet.example.com',
      adminUsername: 'ops',
      adminEmail: 'ops@example.com',
      adminPassword: 'long enough secret',
      logLevel: 'debug',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      adminPassword: undefined,
      redisUrl: undefined,
    });
  });

  it('needs a TURN secret when TURN servers are configured, and splits URL lists', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.org' })).toThrow(/TURN_SECRET: is required/);
    expect(
      loadConfig({ STUN_URLS: 'stun:a:3478, stun:b:3478', TURN_URLS: 'turn:t', TURN_SECRET: 's'.repeat(16) })
        .ice,
    ).toEqual({
      stunUrls: ['stun:a:3478', 'stun:b:3478'],
      turnUrls: ['turn:t'],
      turnSecret: 's'.repeat(16),
      turnCredentialTtlSeconds: 3600,
    });
  });

  it('uses Stripe only when all three keys are set', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).stripe,
    ).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' });
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual({
      addresses: ['loopback', '10.0.0.0/8', '::1'],
    });
    expect(loadConfig({}).hubConnectionsPerAddress).toBe(200);
    expect(loadConfig({}).hubCallsPerAddress).toBe(5_000);
    expect(loadConfig({ HUB_CALLS_PER_ADDRESS: '1000000' }).hubCallsPerAddress).toBe(1_000_000);
  });

  it('keeps metrics off without METRICS_TOKEN, and takes a long enough one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ` ${'m'.repeat(24)} ` }).metricsToken).toBe('m'.repeat(24));
  });

  it('bounds how long slow clients may hold a connection, headers first', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 20_000,
      requestMs: 60_000,
      keepAliveMs: 72_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/wheelmeet'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_EMAIL', 'nobody'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['WHEEL_ROUND_SECONDS', '0'],
    ['SLOT_RELEASE_GRACE_MS', '-1'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['TURN_SECRET', 'short'],
    ['PUBLIC_FORM_LIMIT', '0'],
    ['PARTICIPANT_REGISTRATION_LIMIT', 'many'],
    ['TRUST_PROXY', 'my-proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['HUB_CONNECTIONS_PER_ADDRESS', '0'],
    ['HUB_CALLS_PER_ADDRESS', '0'],
    ['METRICS_TOKEN', 'too-short-for-a-token'],
    ['HTTP_HEADERS_TIMEOUT_MS', '60000'],
    ['HTTP_REQUEST_TIMEOUT_MS', '500'],
  ])('refuses a bad %s (%s) with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}:`));
  });
});
