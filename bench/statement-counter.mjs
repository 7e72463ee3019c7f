/**
 * Counts the SQL a server process runs through better-sqlite3, by statement, from one SIGUSR2 to
 * the next, then writes `<BENCH_STATEMENTS>/statements-<pid>.tsv` (count, tab, SQL; most run
 * first). Loaded with `node --import` into every server process `npm run bench:hub` starts with
 * BENCH_STATEMENTS=<dir>, which sends the signals as the rounds start and end. SQLite only: a
 * PostgreSQL run counts nothing.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const Database = createRequire(path.join(process.cwd(), 'index.js'))('better-sqlite3');
const counts = new Map();
let counting = false;
const count = (sql) => {
  if (counting) counts.set(sql, (counts.get(sql) ?? 0) + 1);
};

const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = Statement[method];
  Statement[method] = function counted(...parameters) {
    count(this.source);
    return original.apply(this, parameters);
  };
}
// BEGIN and COMMIT go through exec.
const exec = Database.prototype.exec;
Database.prototype.exec = function counted(sql) {
  count(sql);
  return exec.call(this, sql);
};

process.on('SIGUSR2', () => {
  if (!counting) {
    counts.clear();
    counting = true;
    return;
  }
  counting = false;
  const rows = [...counts].sort((a, b) => b[1] - a[1]).map(([sql, n]) => `${n}\t${sql.replace(/\s+/g, ' ')}`);
  const file = path.join(process.env.BENCH_STATEMENTS ?? '.', `statements-${process.pid}.tsv`);
  // Renamed into place: the bench reads the file as soon as it exists.
  writeFileSync(`${file}.part`, `${rows.join('\n')}\n`);
  renameSync(`${file}.part`, file);
});
