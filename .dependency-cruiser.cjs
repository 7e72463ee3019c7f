/**
 * The server's layers (docs/ARCHITECTURE.md, "Modules"): `npm run lint` fails when an import
 * breaks them. Biome's noImportCycles catches cycles between files everywhere; these rules
 * catch what it cannot see: cycles between folders, and imports that run back up.
 * TypeScript 7 has no JavaScript API for dependency-cruiser to read .ts with, so it parses with swc.
 */
const SRC = '^apps/server/src';

module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that import each other are one tangle: move what both need down a layer.',
      severity: 'error',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'lib-imports-nothing-internal',
      comment: 'lib/ is the ground floor: small pure helpers every layer may use.',
      severity: 'error',
      from: { path: `${SRC}/lib/` },
      to: { path: SRC, pathNot: `${SRC}/lib/` },
    },
    {
      name: 'db-imports-only-lib',
      comment:
        'db/ (schema, rows, dialects, migrations) stands on lib/ alone; a migration is frozen history.',
      severity: 'error',
      from: { path: `${SRC}/db/` },
      to: { path: SRC, pathNot: `${SRC}/(db|lib)/` },
    },
    {
      name: 'realtime-is-transport',
      comment:
        'realtime/ is the Socket.IO server, rooms, limits and pushes; features add their hub calls through Hub.handle.',
      severity: 'error',
      from: { path: `${SRC}/realtime/` },
      to: { path: `${SRC}/(modules|plugins)/` },
    },
    {
      name: 'plugins-import-no-module',
      comment: 'Infrastructure plugins come before the feature modules; a module reads them as decorators.',
      severity: 'error',
      from: { path: `${SRC}/plugins/` },
      to: { path: `${SRC}/modules/` },
    },
    {
      name: 'nothing-imports-the-composition-root',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}/(main|app)\\.ts$` },
      to: { path: `${SRC}/(main|app)\\.ts$` },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
