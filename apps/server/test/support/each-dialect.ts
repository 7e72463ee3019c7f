import { describe } from 'vitest';
import { TEST_DIALECTS, type TestDialect } from './databases';

/** Runs a suite once per SQL dialect; a dialect that cannot run here is reported as a named skip. */
export function describeEachDialect(title: string, suite: (dialect: TestDialect) => void) {
  for (const dialect of TEST_DIALECTS) {
    const label = dialect.skipReason
      ? `${title} [${dialect.name}] (skipped: ${dialect.skipReason})`
      : `${title} [${dialect.name}]`;
    describe.skipIf(dialect.skipReason !== undefined)(label, () => suite(dialect));
  }
}
