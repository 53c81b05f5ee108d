import { benchFormat } from './src/format.bench';
import { peakRssMiB } from './src/stats';

// Prints figures for the README's performance table; never asserted on by tests.
const suites: Record<string, () => Promise<Record<string, string | number>>> = { format: benchFormat };
const only = process.argv[2];

for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  const figures = await run();
  for (const [metric, value] of Object.entries(figures)) console.log(`| ${name} | ${metric} | ${value} |`);
}
console.log(`| process | peak RSS MiB | ${peakRssMiB()} |`);
