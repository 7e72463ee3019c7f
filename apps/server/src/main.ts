import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { systemClock } from './lib/clock';
import { cryptoRandom } from './lib/random';
import { API_DOCS_PATH } from './plugins/openapi';
import type { SeedReport } from './seed';
import { diskFullMessage } from './startup-failure';

async function main() {
  const config = loadConfig(process.env);
  try {
    await start(config);
  } catch (error) {
    // A full disk is the operator's to fix: say so, and where, rather than a stack trace.
    const diskFull = diskFullMessage(error, config);
    if (!diskFull) throw error;
    console.error(diskFull);
    process.exit(1);
  }
}

async function start(config: AppConfig) {
  const { database, seedReport } = await prepareDatabase(config, {
    clock: systemClock,
    random: cryptoRandom,
  });
  const app = await buildApp(config, { database });

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  if (!config.stripe) app.log.warn(TEST_MODE_WARNING);
  printWelcome(
    config.publicOrigin ?? listeningOrigin(app.server.address(), config.host),
    database.dialect,
    seedReport,
    config.stripe !== undefined,
  );
}

/** The address a person on this machine can open; a wildcard host is shown as localhost. */
function listeningOrigin(address: string | AddressInfo | null, host: string): string {
  const port = typeof address === 'object' && address ? address.port : 0;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

const TEST_MODE_WARNING =
  'Payments are in TEST MODE: no card is charged and test cards activate accounts. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.';

/** Plain text for the person who just ran `npm start`, not a log line for machines. */
function printWelcome(origin: string, dialect: string, seed: SeedReport, stripe: boolean) {
  const lines = [
    '',
    `  WheelMeet is running at ${origin}`,
    `  Demo wheel:     ${origin}/wheel/${seed.demoWheelId}`,
    `  Admin area:     ${origin}/admin/login`,
    `  API docs:       ${origin}${API_DOCS_PATH}`,
    `  Database:       ${dialect === 'sqlite' ? 'embedded SQLite' : 'PostgreSQL'}`,
    `  Payments:       ${stripe ? 'Stripe' : 'TEST MODE (no real charges) - see the warning above'}`,
  ];
  if (seed.createdAdmin?.generatedPassword) {
    lines.push(
      '',
      `  A super admin was created: username "${seed.createdAdmin.username}", password "${seed.createdAdmin.generatedPassword}"`,
      '  This password is shown only once. Set ADMIN_PASSWORD before the first start to choose your own.',
    );
  } else if (seed.createdAdmin) {
    lines.push(
      '',
      `  A super admin was created: username "${seed.createdAdmin.username}" with ADMIN_PASSWORD.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('WheelMeet failed to start:', error);
  }
  process.exit(1);
});
