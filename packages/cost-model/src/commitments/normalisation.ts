/**
 * Size flexibility (billing-formats §1.3.6, §1.3.9): a regional reservation is counted in normalised units, so one
 * xlarge (8 units) covers two large (4 each). AWS's factor table: nano 0.25, micro 0.5, small 1, medium 2, large 4,
 * xlarge 8, and N·xlarge = 8·N (2xlarge 16 … 32xlarge 256 … 48xlarge 384). `metal` sizes depend on the family, so
 * they are not guessed here: the bill's own `line_item_normalization_factor` is the authority when present.
 */
const NAMED_SIZES: Readonly<Record<string, number>> = {
  nano: 0.25,
  micro: 0.5,
  small: 1,
  medium: 2,
  large: 4,
  xlarge: 8,
};

/** The size part of an instance type: `m5.2xlarge`, `db.r6g.large`, `cache.t3.micro` → `2xlarge`, `large`, `micro`. */
export function instanceSize(instanceType: string): string {
  const parts = instanceType.trim().split('.');
  return parts.length < 2 ? '' : (parts[parts.length - 1] ?? '');
}

/** The family an instance type flexes within: `m5.2xlarge` → `m5`, `db.r6g.large` → `db.r6g`. */
export function instanceFamily(instanceType: string): string {
  const parts = instanceType.trim().split('.');
  return parts.length < 2 ? instanceType.trim() : parts.slice(0, -1).join('.');
}

/** Normalisation factor of a size (`large` → 4, `12xlarge` → 96); null when AWS does not define it by name. */
export function sizeNormalisationFactor(size: string): number | null {
  const named = NAMED_SIZES[size];
  if (named !== undefined) return named;
  const multiple = /^(\d+)xlarge$/.exec(size);
  return multiple ? Number(multiple[1]) * 8 : null;
}

/** Normalisation factor of an instance type; null for unknown sizes such as `metal`. */
export function normalisationFactor(instanceType: string): number | null {
  return sizeNormalisationFactor(instanceSize(instanceType));
}

/** Normalised units of `hours` of one instance type (null when its factor is unknown). */
export function normalisedUnits(instanceType: string, hours: number): number | null {
  const factor = normalisationFactor(instanceType);
  return factor === null ? null : factor * hours;
}
