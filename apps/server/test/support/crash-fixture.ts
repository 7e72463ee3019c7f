/**
 * The real server, as main.ts starts it (configuration from the environment, the system clock,
 * the round timer), for crash tests that kill it with SIGKILL. Run it with
 * `node --import tsx test/support/crash-fixture.ts` so the process the test kills is the server
 * itself (the tsx binary would put a second node process in between).
 *
 * CRASH_AT=spin-write: the process kills itself with SIGKILL as soon as the spin's insert into
 * `matches` has run inside the spin transaction, before the transaction commits: the round's
 * claim (`wheels` update), its rotation and its matches are written but not committed.
 *
 * CRASH_AT=mail-queue: SIGKILL just before the first insert into `email_outbox` runs: after the
 * change that raised the mail (a payment that activated an account) committed, before the mail
 * is queued.
 *
 * Prints one line `crash-fixture listening at <url> pid=<pid>` when it is ready.
 */
import { writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import {
  InsertQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { cryptoRandom } from '../../src/lib/random';

function die(marker: string) {
  writeSync(2, `${marker}\n`);
  process.kill(process.pid, 'SIGKILL');
}

/** Kills the process at the first insert into `table`: before it runs, or once its result is back. */
class KillAtInsert implements KyselyPlugin {
  readonly #armed = new WeakSet<object>();

  constructor(
    private readonly table: string,
    private readonly moment: 'before' | 'after',
    private readonly marker: string,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === this.table) {
      if (this.moment === 'before') die(this.marker);
      this.#armed.add(args.queryId);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#armed.has(args.queryId)) {
      die(this.marker);
      // Never hand the result back: nothing after the insert (the COMMIT) may run.
      await new Promise<never>(() => {});
    }
    return args.result;
  }
}

const CRASH_POINTS: Record<string, () => KyselyPlugin> = {
  'spin-write': () =>
    new KillAtInsert(
      'matches',
      'after',
      'crash-fixture: SIGKILL after the insert into matches, before COMMIT',
    ),
  'mail-queue': () =>
    new KillAtInsert('email_outbox', 'before', 'crash-fixture: SIGKILL before the insert into email_outbox'),
};

function withCrashPoint(database: DatabaseHandle, crashAt: string | undefined): DatabaseHandle {
  if (!crashAt) return database;
  const plugin = CRASH_POINTS[crashAt];
  if (!plugin) throw new Error(`unknown CRASH_AT: ${crashAt}`);
  return { ...database, db: database.db.withPlugin(plugin()) };
}

async function main() {
  const config = loadConfig(process.env);
  const { database } = await prepareDatabase(config, { clock: systemClock, random: cryptoRandom });
  const app = await buildApp(config, {
    database: withCrashPoint(database, process.env.CRASH_AT?.trim() || undefined),
    clock: systemClock,
    random: cryptoRandom,
    rounds: 'timer',
    jobs: 'timer',
  });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`crash-fixture listening at http://${config.host}:${port} pid=${process.pid}\n`);
}

main().catch((error: unknown) => {
  console.error('crash-fixture failed to start:', error);
  process.exit(1);
});
