#!/usr/bin/env node
// The one command that says whether main is shippable: format check, lint (zero warnings, and
// the server's layers: no import cycle, nothing imports a layer above it),
// typecheck, production build, unit and integration tests (Vitest), end-to-end tests
// (Playwright through the built app). Every step runs even when an earlier one fails, so a
// single run shows everything that is wrong; the summary at the end counts tests per suite
// and names every skipped test, and the run fails if any step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  { name: 'format', command: ['npx', 'biome', 'format', '.'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'vitest',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  },
  {
    name: 'playwright',
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    needs: 'build',
  },
];

const results = [];
for (const step of steps) {
  if (step.needs && results.find((result) => result.name === step.needs)?.ok === false) {
    results.push({ name: step.name, ok: false, note: `not run: ${step.needs} failed` });
    continue;
  }
  process.stdout.write(`\n=== ${step.name}: ${step.command.join(' ')}\n`);
  const run = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  results.push({
    name: step.name,
    ok: run.status === 0,
    note: run.status === 0 ? '' : `exit ${run.status ?? run.signal}`,
  });
}

const suites = [...vitestSuites(), ...playwrightSuites()];
printSummary(results, suites);
process.exit(results.every((result) => result.ok) ? 0 : 1);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function emptySuite(name) {
  return { name, passed: 0, failed: 0, skipped: [], failures: [] };
}

/** Vitest's JSON report, counted per workspace project (the folder a test file lives in). */
function vitestSuites() {
  const report = readJson(path.join(reports, 'vitest.json'));
  if (!report) return [];
  const byProject = new Map();
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name);
    const project = relative.split(path.sep).slice(0, 2).join('/');
    if (!byProject.has(project)) byProject.set(project, emptySuite(`vitest ${project}`));
    const suite = byProject.get(project);
    for (const test of file.assertionResults) {
      const title = [...test.ancestorTitles, test.title].join(' > ');
      if (test.status === 'passed') suite.passed += 1;
      else if (test.status === 'failed') suite.failures.push(`${relative}: ${title}`);
      else suite.skipped.push(`${relative}: ${title}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      suite.failures.push(`${relative}: ${file.message || 'the file failed to run'}`);
    }
  }
  for (const suite of byProject.values()) suite.failed = suite.failures.length;
  return [...byProject.values()];
}

/** Playwright's JSON report as one suite. */
function playwrightSuites() {
  const report = readJson(path.join(reports, 'playwright.json'));
  if (!report) return [];
  const suite = emptySuite('playwright e2e');
  const visit = (node, titles) => {
    for (const child of node.suites ?? []) visit(child, child.title ? [...titles, child.title] : titles);
    for (const spec of node.specs ?? []) {
      for (const test of spec.tests) {
        const title = [...titles, spec.title].join(' > ');
        if (test.status === 'expected' || test.status === 'flaky') suite.passed += 1;
        else if (test.status === 'skipped') suite.skipped.push(title);
        else suite.failures.push(title);
      }
    }
  };
  visit(report, []);
  for (const error of report.errors ?? [])
    suite.failures.push(`(outside a test) ${error.message?.split('\n')[0]}`);
  suite.failed = suite.failures.length;
  return [suite];
}

function printSummary(stepResults, testSuites) {
  const line = '='.repeat(72);
  const out = [`\n${line}`, 'SUMMARY', line, 'Steps:'];
  for (const result of stepResults)
    out.push(`  ${result.ok ? 'ok  ' : 'FAIL'}  ${result.name}${result.note ? ` (${result.note})` : ''}`);
  out.push('', 'Tests per suite:');
  for (const suite of testSuites) {
    out.push(
      `  ${suite.name.padEnd(28)} ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped.length} skipped`,
    );
  }
  const skipped = testSuites.flatMap((suite) => suite.skipped.map((title) => `${suite.name}: ${title}`));
  if (skipped.length > 0) out.push('', 'Skipped:', ...skipped.map((title) => `  - ${title}`));
  const failures = testSuites.flatMap((suite) => suite.failures.map((title) => `${suite.name}: ${title}`));
  if (failures.length > 0) out.push('', 'Failed:', ...failures.map((title) => `  - ${title}`));
  const total = (key) =>
    testSuites.reduce((sum, suite) => sum + (key === 'skipped' ? suite.skipped.length : suite[key]), 0);
  // A failed check (format, lint, types, build) or a test runner that crashed without
  // reporting a failing test still counts as a failure in the closing line.
  const unreportedFailures = stepResults.filter(
    (result) =>
      !result.ok &&
      !testSuites.some(
        (suite) =>
          suite.failed > 0 && suite.name.startsWith(result.name === 'vitest' ? 'vitest' : 'playwright'),
      ),
  ).length;
  out.push(
    line,
    `${total('passed')} passed, ${total('failed') + unreportedFailures} failed, ${total('skipped')} skipped`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
