import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';
import { repoRoot } from './paths';

/** Rows of the README's configuration table: `| \`NAME\` | default | meaning |`. */
function readmeRows(): { name: string; default: string }[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| `([A-Z_]+)`\s*\| ([^|]*)\|/gm)].map((match) => ({
    name: match[1] ?? '',
    default: (match[2] ?? '').trim(),
  }));
}

describe('README configuration table', () => {
  it('lists exactly the variables the server reads, in the same order', () => {
    expect(readmeRows().map((row) => row.name)).toEqual(CONFIG_VARIABLES.map((variable) => variable.name));
  });

  it('shows the same literal defaults', () => {
    for (const row of readmeRows()) {
      const literal = /^`([^`]*)`$/.exec(row.default)?.[1];
      const variable = CONFIG_VARIABLES.find((v) => v.name === row.name);
      // Only literal defaults are comparable; prose such as "generated into …" is not.
      if (literal !== undefined && variable !== undefined) expect(variable.default, row.name).toBe(literal);
    }
  });
});
