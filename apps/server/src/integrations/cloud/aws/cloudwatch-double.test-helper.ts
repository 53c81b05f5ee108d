import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback CloudWatch that speaks what the SDK's CloudWatchClient sends and parses: GetMetricData over the
 * AWS JSON 1.0 protocol (POST /, `X-Amz-Target: GraniteServiceVersion20100801.GetMetricData`, timestamps as
 * epoch seconds), signed with SigV4 for the `monitoring` service. It answers as the CloudWatch API reference
 * documents GetMetricData: at most `pageSize` data points a response, a result cut short marked
 * `PartialData` with a `NextToken` to ask for the rest, `Complete` when all its points were returned;
 * metric math `SUM([…])` over queries with `ReturnData: false`; `ValidationError` for a request outside the
 * documented limits; and, for the first `throttle` requests, the documented throttling error (HTTP 400,
 * `Throttling`, which the query-compatible JSON protocol names in the `x-amzn-query-error` header).
 *
 * The data: a query's value at a timestamp is `metricValue(…)`; hours where `hasData` is false have no point
 * (a stopped instance, an agent that was down), as CloudWatch leaves such periods out.
 */

type Dimension = { Name: string; Value: string };
type Query = {
  Id: string;
  MetricStat?: {
    Metric: { Namespace: string; MetricName: string; Dimensions?: Dimension[] };
    Period: number;
    Stat: string;
  };
  Expression?: string;
  ReturnData?: boolean;
};
type Body = {
  MetricDataQueries?: Query[];
  StartTime?: number;
  EndTime?: number;
  NextToken?: string;
  ScanBy?: string;
};

export type SeenRequest = { at: number; target: string; authorization: string; body: Body; status: number };

export type MetricSource = { namespace: string; name: string; dimensions: Record<string, string> };

/** A deterministic value per metric, dimension set, statistic and timestamp (seconds). */
export function metricValue(source: MetricSource, stat: string, t: number): number {
  const key = `${source.namespace}/${source.name}/${JSON.stringify(source.dimensions)}`;
  let h = 7;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) % 1000;
  const statShift = stat === 'Maximum' ? 3 : stat === 'p95' ? 2 : stat === 'Sum' ? 1 : 0;
  return h + ((t / 3600) % 97) + statShift;
}

/** No data one hour in seven (and on the days those hours start). */
export const hasData = (t: number) => Math.floor(t / 3600) % 7 !== 3;

const ID = /^[a-z][a-zA-Z0-9_]*$/;
const STATS = new Set(['Average', 'Sum', 'Maximum', 'Minimum', 'SampleCount', 'p95', 'p99']);

function validate(body: Body): string | null {
  const queries = body.MetricDataQueries ?? [];
  if (queries.length === 0 || queries.length > 500) return 'MetricDataQueries must hold 1 to 500 queries';
  if (typeof body.StartTime !== 'number' || typeof body.EndTime !== 'number')
    return 'StartTime and EndTime are required';
  if (body.StartTime >= body.EndTime)
    return 'The parameter StartTime must be less than the parameter EndTime';
  if (body.ScanBy !== undefined && !['TimestampAscending', 'TimestampDescending'].includes(body.ScanBy))
    return 'ScanBy must be TimestampAscending or TimestampDescending';
  const ids = new Set<string>();
  for (const q of queries) {
    if (!ID.test(q.Id) || ids.has(q.Id)) return `The Id ${q.Id} is not valid or not unique`;
    ids.add(q.Id);
    if ((q.MetricStat === undefined) === (q.Expression === undefined))
      return `Query ${q.Id} must have exactly one of MetricStat and Expression`;
    const stat = q.MetricStat;
    if (stat && (stat.Period % 60 !== 0 || stat.Period < 60))
      return `Query ${q.Id}: Period must be a multiple of 60`;
    if (stat && !STATS.has(stat.Stat)) return `Query ${q.Id}: unknown statistic ${stat.Stat}`;
  }
  return null;
}

type Point = [t: number, value: number];

function pointsOf(queries: Query[], start: number, end: number): Map<string, Point[]> {
  const byId = new Map<string, Point[]>();
  for (const q of queries) {
    const stat = q.MetricStat;
    if (!stat) continue;
    const source = {
      namespace: stat.Metric.Namespace,
      name: stat.Metric.MetricName,
      dimensions: Object.fromEntries((stat.Metric.Dimensions ?? []).map((d) => [d.Name, d.Value])),
    };
    const points: Point[] = [];
    for (let t = Math.ceil(start / stat.Period) * stat.Period; t < end; t += stat.Period)
      if (hasData(t)) points.push([t, metricValue(source, stat.Stat, t)]);
    byId.set(q.Id, points);
  }
  for (const q of queries) {
    const parts = /^SUM\(\[(.+)\]\)$/.exec(q.Expression ?? '')?.[1]?.split(/,\s*/);
    if (!parts) continue;
    const sums = new Map<number, number>();
    for (const part of parts) for (const [t, v] of byId.get(part) ?? []) sums.set(t, (sums.get(t) ?? 0) + v);
    byId.set(
      q.Id,
      [...sums].sort((a, b) => a[0] - b[0]),
    );
  }
  return byId;
}

export async function startCloudWatchDouble(options: { pageSize: number; throttle: number }) {
  const seen: SeenRequest[] = [];
  const answer = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text || '{}') as Body;
    const target = String(req.headers['x-amz-target'] ?? '');
    const authorization = String(req.headers.authorization ?? '');
    const record = (status: number) => seen.push({ at: Date.now(), target, authorization, body, status });
    if (target !== 'GraniteServiceVersion20100801.GetMetricData') {
      record(400);
      return answer(res, 400, { __type: '#UnknownOperationException' });
    }
    if (seen.length < options.throttle) {
      record(400);
      return answer(
        res,
        400,
        { __type: 'com.amazon.coral.availability#ThrottlingException', message: 'Rate exceeded' },
        { 'x-amzn-query-error': 'Throttling;Sender' },
      );
    }
    const invalid = validate(body);
    if (invalid !== null) {
      record(400);
      return answer(
        res,
        400,
        { __type: 'com.amazonaws.cloudwatch#InvalidParameterValueException', message: invalid },
        { 'x-amzn-query-error': 'InvalidParameterValue;Sender' },
      );
    }
    record(200);
    const queries = body.MetricDataQueries ?? [];
    const all = pointsOf(queries, body.StartTime ?? 0, body.EndTime ?? 0);
    // The token is where the previous page stopped: the offset into the returned results' points.
    let skip = body.NextToken ? Number(Buffer.from(body.NextToken, 'base64').toString()) : 0;
    let room = options.pageSize;
    let offset = skip;
    const results = [];
    for (const q of queries.filter((q) => q.ReturnData !== false)) {
      const points = all.get(q.Id) ?? [];
      const from = Math.min(skip, points.length);
      skip -= from;
      const taken = points.slice(from, from + room);
      room -= taken.length;
      offset += taken.length;
      const complete = from + taken.length === points.length;
      // Returned on an earlier page, or no room left on this one.
      if (taken.length === 0 && points.length > 0) continue;
      results.push({
        Id: q.Id,
        Label: q.MetricStat?.Metric.MetricName ?? q.Id,
        Timestamps: taken.map(([t]) => t),
        Values: taken.map(([, v]) => v),
        StatusCode: complete ? 'Complete' : 'PartialData',
      });
    }
    const remaining = [...all.entries()]
      .filter(([id]) => queries.find((q) => q.Id === id)?.ReturnData !== false)
      .reduce((n, [, p]) => n + p.length, 0);
    answer(res, 200, {
      MetricDataResults: results,
      Messages: [],
      ...(offset < remaining ? { NextToken: Buffer.from(String(offset)).toString('base64') } : {}),
    });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      answer(res, 500, { __type: '#InternalFailure', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
