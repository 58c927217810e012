import { runSessionStoreConformance, SESSION_STORE_CONTRACTS } from '@ccsdk/session-store/conformance';
import { describe, expect, it } from 'vitest';
import { usePostgres } from './test-schema.test-helpers.js';

const pg = usePostgres();

describe('PostgresSessionStore on a real PostgreSQL server', () => {
  it('should pass every contract of the conformance suite, uuid dedupe included, none skipped', async () => {
    const report = await runSessionStoreConformance(() => pg.open(), { checkUuidDedupe: true });
    expect(report.skipped).toEqual([]);
    expect(report.passed).toEqual(SESSION_STORE_CONTRACTS.map((contract) => contract.id));
  }, 60_000);

  it('should pass it on one shared schema too (project keys are random per contract)', async () => {
    const store = pg.open();
    const report = await runSessionStoreConformance(() => store, { checkUuidDedupe: true });
    expect(report.skipped).toEqual([]);
  }, 60_000);
});
