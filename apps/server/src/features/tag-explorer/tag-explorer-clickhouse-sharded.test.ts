import { describeTagExplorerOnClickHouse } from './tag-explorer-clickhouse.test-helper';

// Two servers on loopback, the Tag explorer's statements read through the Distributed table.
describeTagExplorerOnClickHouse(2);
