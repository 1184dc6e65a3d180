// Sums jest/vitest JSON reports into one line; a suite with no report counts as one failure.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const f of files) {
  const p = join(dir, f);
  if (!existsSync(p)) {
    console.error(`no report from ${f}: counted as a failure`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(p, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  // A suite that failed to run has no failed tests; count it.
  for (const s of r.testResults ?? [])
    if (s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
}
writeFileSync(join(dir, 'totals'), `${passed} ${failed}\n`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
