import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidElement, type ReactNode } from 'react';
import { expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table';
import { SETTINGS_TABS } from './settings/settings-tabs';
import { UnbuiltPage as Placeholder } from './UnbuiltPage';

/**
 * Routes and settings tabs that still render the shared placeholder page. This number only falls: when an
 * issue builds a page, lower the ceiling to the new count in the same commit.
 */
const UNBUILT_CEILING = 52;

const isPlaceholder = (element: ReactNode) => isValidElement(element) && element.type === Placeholder;

const unbuiltRoutes = ROUTE_TABLE.filter((route) => route.kind === 'page' && isPlaceholder(route.element));
const unbuiltTabs = SETTINGS_TABS.filter((tab) => isPlaceholder(tab.panel));
const count = unbuiltRoutes.length + unbuiltTabs.length;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('the number of unbuilt pages never rises', () => {
  console.log(
    `routes still rendering UnbuiltPage: ${count} (${unbuiltRoutes.length} routes + ${unbuiltTabs.length} settings tabs; ceiling ${UNBUILT_CEILING})`,
  );
  expect(count).toBeLessThanOrEqual(UNBUILT_CEILING);
});

it('counts every use in the source (one JSX use per unbuilt route or tab, none elsewhere)', () => {
  const needle = `<${Placeholder.name}`;
  const sourceRoot = join(import.meta.dirname, '..');
  const uses = sourceFiles(sourceRoot).reduce(
    (total, file) => total + readFileSync(file, 'utf8').split(needle).length - 1,
    0,
  );
  expect(uses).toBe(count);
});
