import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from './config';

const README = new URL('../../../README.md', import.meta.url);

/** The variable names in the first column of README's configuration table (one row may name several). */
function readmeConfigurationVariables(): string[] {
  const lines = readFileSync(README, 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Variable | Default |'));
  if (header === -1) throw new Error('README.md has no configuration table');
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''),
  );
}

describe('README configuration table', () => {
  it('lists exactly the environment variables the server reads', () => {
    expect(readmeConfigurationVariables().sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});
