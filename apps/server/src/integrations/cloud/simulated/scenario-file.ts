import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { type Scenario, scenarioSchema } from './scenario-schema';

/** A scenario that cannot be used; the message names the path and field, e.g. `resources[3].metrics.profile`. */
export class ScenarioError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(path === '' ? detail : `${path}: ${detail}`);
    this.name = 'ScenarioError';
  }
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join('|')}`;
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

/** Validates parsed JSON as a scenario; throws ScenarioError naming the first bad field. */
export function parseScenario(input: unknown): Scenario {
  const parsed = scenarioSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue === undefined) throw new ScenarioError('', 'invalid scenario');
  throw new ScenarioError(pathText(issue.path), issueText(issue));
}

/** Parses scenario JSON text (a file's or a request body's). */
export function parseScenarioText(text: string): Scenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError('', `not JSON: ${(error as Error).message}`);
  }
  return parseScenario(json);
}

export async function loadScenarioFile(file: string): Promise<Scenario> {
  return parseScenarioText(await readFile(file, 'utf8'));
}

/** Parsed scenarios by their JSON, newest last; a few projects' scenarios at most. */
const parsedScenarios = new Map<string, Scenario>();
const PARSED_SCENARIOS_KEPT = 8;

/**
 * parseScenario for a stored scenario, remembered by its JSON text: every collection job builds its simulated
 * cloud again, and parsing the same scenario for each job was about a quarter of a collection's time. The
 * parsed scenario is only read (the cloud copies each resource it keeps), so jobs can share it.
 */
export function parseStoredScenario(input: unknown): Scenario {
  const key = JSON.stringify(input);
  const known = parsedScenarios.get(key);
  if (known) return known;
  const parsed = parseScenario(input);
  parsedScenarios.set(key, parsed);
  for (const oldest of parsedScenarios.keys()) {
    if (parsedScenarios.size <= PARSED_SCENARIOS_KEPT) break;
    parsedScenarios.delete(oldest);
  }
  return parsed;
}
