import { testPostgresUrl } from '@finlens/server/db/test-database-url';
import { useTestClickHouse } from '@finlens/server/warehouse/clickhouse/test-clickhouse';
import { beforeAll } from 'vitest';
import { useServerWithMail } from './identity-fixtures';

/**
 * A second test server on a ClickHouse warehouse (CLICKHOUSE_URL), for a file's "the same figures as on
 * DuckDB" case; `clickHouse.url` is null when no binary is installed. Null in the "(PostgreSQL)" project:
 * the warehouse's figures do not depend on the app database's engine, so that rerun starts neither the
 * ClickHouse nor the second server.
 */
export function useServerOnClickHouse(): {
  clickHouse: ReturnType<typeof useTestClickHouse>;
  context: ReturnType<typeof useServerWithMail>;
} | null {
  if (testPostgresUrl() !== null) return null;
  const clickHouse = useTestClickHouse();
  const env: NodeJS.ProcessEnv = {};
  beforeAll(() => {
    if (clickHouse.url !== null) env.CLICKHOUSE_URL = clickHouse.url;
  });
  return { clickHouse, context: useServerWithMail(env) };
}
