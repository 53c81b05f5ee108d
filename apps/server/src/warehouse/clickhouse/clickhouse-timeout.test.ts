import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/http-error';
import { openClient, timedRows } from './clickhouse-cost-store';
import { useTestClickHouse } from './test-clickhouse';

const clickHouse = useTestClickHouse();

// A scan of a trillion generated rows: far longer than the 1 s limit of this test.
const SLOW_SQL = 'SELECT count() AS n FROM numbers(1000000000000) WHERE number % 7 = 8';

describe('ClickHouse reads and QUERY_TIMEOUT_SECONDS', () => {
  it('stops a read at max_execution_time with the 503 that says so; the next read is answered', async (context) => {
    if (clickHouse.url === null) return context.skip();
    const client = openClient(clickHouse.url);
    try {
      const rows = timedRows(client, 1);
      const error = await rows(SLOW_SQL).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
      expect((error as Error).message).toContain('longer than 1 s');
      // The server really stopped it: nothing of it is still running.
      const running = await rows(
        `SELECT count() AS n FROM system.processes WHERE query LIKE '%numbers(1000000000000)%' AND query NOT LIKE '%system.processes%'`,
      );
      expect(running).toEqual([{ n: '0' }]);
      expect(await rows('SELECT 42 AS n')).toEqual([{ n: 42 }]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
