import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/bootstrap';
import { type AppConfig, loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { cryptoRandom } from '../../src/lib/random';
import type { SeedReport } from '../../src/seed';
import type { TestDatabase, TestDialect } from './databases';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
export const TEST_INDEX_HTML = '<!doctype html><title>WheelMeet test shell</title><div id="root"></div>';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  seedReport: SeedReport;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given dialect, with a stand-in web build. */
export async function startTestApp(dialect: TestDialect, env: Record<string, string> = {}): Promise<TestApp> {
  const testDatabase: TestDatabase = await dialect.create();
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
    ...env,
  });
  const { database, seedReport } = await prepareDatabase(config, {
    clock: systemClock,
    random: cryptoRandom,
  });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    config,
    database,
    seedReport,
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}
