import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/bootstrap';
import { type AppConfig, loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { type Clock, systemClock } from '../../src/lib/clock';
import { cryptoRandom } from '../../src/lib/random';
import type { SeedReport } from '../../src/seed';
import type { TestDatabase, TestDialect } from './databases';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
export const TEST_INDEX_HTML = '<!doctype html><title>WheelMeet test shell</title><div id="root"></div>';

export interface TestApp {
  app: FastifyInstance;
  /** Set once `listen()` was called. */
  baseUrl: string;
  config: AppConfig;
  database: DatabaseHandle;
  seedReport: SeedReport;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** The app's randomness (matching, ids); crypto by default. */
  random?: AppDependencies['random'];
  /** The password queue; the app's own by default. */
  passwords?: AppDependencies['passwords'];
  /** Listen on a random port (needed for the hub). */
  listen?: boolean;
  /** Reuse a database another test app created (several server processes on one database). */
  database?: TestDatabase;
  /** Points the Stripe client at a local stand-in (see stripe-stand-in.ts). */
  stripeClientOptions?: AppDependencies['stripeClientOptions'];
  /** Receives the log lines (set LOG_LEVEL in `env` too: tests log nothing by default). */
  logStream?: AppDependencies['logStream'];
}

/** The real app on a fresh database of the given dialect, with a stand-in web build. */
export async function startTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const env = options.env ?? {};
  const clock = options.clock ?? systemClock;
  const ownDatabase = options.database === undefined;
  const testDatabase: TestDatabase = options.database ?? (await dialect.create());
  const webDistDir = path.join(testDatabase.dataDir, 'web');
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(webDistDir, 'assets', 'app-1234.js'), 'console.log("hi")');

  const config = loadConfig({
    DATA_DIR: testDatabase.dataDir,
    DATABASE_URL: testDatabase.databaseUrl,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDistDir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    // Suites register many people from one address; the limits have their own test.
    PUBLIC_FORM_LIMIT: '10000',
    PARTICIPANT_REGISTRATION_LIMIT: '10000',
    ...env,
  });
  const { database, seedReport } = await prepareDatabase(config, { clock, random: cryptoRandom });
  const app = await buildApp(config, {
    database,
    clock,
    random: options.random,
    passwords: options.passwords,
    rounds: 'manual',
    jobs: 'manual',
    stripeClientOptions: options.stripeClientOptions,
    logStream: options.logStream,
  });
  await app.ready();
  const baseUrl = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  return {
    app,
    baseUrl,
    config,
    database,
    testDatabase,
    seedReport,
    async close() {
      await app.close();
      if (ownDatabase) await testDatabase.drop();
    },
  };
}
