import {
  type DimensionDailyCostResult,
  dimensionDailyCostResultSchema,
} from '@finlens/contracts/cost-explorer';
import { CELLS_PER_TURN, yieldToEventLoop } from '../../platform/event-loop';

const headSchema = dimensionDailyCostResultSchema.omit({ series: true });
const seriesSchema = dimensionDailyCostResultSchema.shape.series;

/**
 * A cost answer's JSON, encoded against the response schema (the contract still holds: a bad value is a ZodError,
 * a 500) a few series per turn of the event loop: the heaviest answer (500 groups + Others over 3 months by day,
 * or by hour) no longer holds /api/health and other users' requests while it is checked and written. The series
 * come last; every other field as the schema encodes it.
 */
export async function answerJson(answer: DimensionDailyCostResult): Promise<string> {
  const { series, ...head } = answer;
  const parts: string[] = [];
  let from = 0;
  let cells = 0;
  for (let i = 0; i < series.length; i++) {
    const one = series[i];
    cells += (one?.costs.length ?? 0) + (one?.forecast_costs.length ?? 0);
    if (cells < CELLS_PER_TURN && i < series.length - 1) continue;
    // The chunk's JSON array without its brackets, joined to the others below.
    parts.push(JSON.stringify(seriesSchema.encode(series.slice(from, i + 1))).slice(1, -1));
    from = i + 1;
    cells = 0;
    await yieldToEventLoop();
  }
  const text = JSON.stringify(headSchema.encode(head));
  return `${text.slice(0, -1)},"series":[${parts.join(',')}]}`;
}
