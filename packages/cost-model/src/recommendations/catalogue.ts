import ec2Data from '../../data/ec2-instances.json' with { type: 'json' };
import rdsData from '../../data/rds-instances.json' with { type: 'json' };

/**
 * The EC2 and RDS instance catalogues (../../data/SOURCE.md): shape, generation and on-demand price per region.
 * Rules take price ratios from here; money comes from the bill.
 */
export interface InstanceShape {
  type: string;
  family: string;
  vcpu: number;
  memoryGiB: number;
  arch: 'x86_64' | 'arm64' | 'i386';
  currentGeneration: boolean;
}

type Ec2Row = [number, number, string, number, (number | null)[]];
type RdsRow = [number, number, number, (number | null)[]];

const ec2 = ec2Data as unknown as { regions: string[]; types: Record<string, Ec2Row> };
const rds = rdsData as unknown as { regions: string[]; types: Record<string, RdsRow> };

const familyOf = (type: string) => type.replace(/^db\./, '').split('.')[0] ?? type;

export function ec2Shape(type: string): InstanceShape | null {
  const row = ec2.types[type];
  if (row === undefined) return null;
  const [vcpu, memoryGiB, arch, current] = row;
  return {
    type,
    family: familyOf(type),
    vcpu,
    memoryGiB,
    arch: arch as InstanceShape['arch'],
    currentGeneration: current === 1,
  };
}

/** Linux on-demand USD per hour in the region, null when the type is not sold there. */
export function ec2Price(type: string, region: string): number | null {
  const i = ec2.regions.indexOf(region);
  return i < 0 ? null : (ec2.types[type]?.[4][i] ?? null);
}

export function ec2Types(): string[] {
  return Object.keys(ec2.types);
}

export function rdsShape(instanceClass: string): InstanceShape | null {
  const row = rds.types[instanceClass];
  if (row === undefined) return null;
  const family = familyOf(instanceClass);
  return {
    type: instanceClass,
    family,
    vcpu: row[0],
    memoryGiB: row[1],
    arch: /\dg/.test(family) ? 'arm64' : 'x86_64',
    currentGeneration: row[2] === 1,
  };
}

/** PostgreSQL single-AZ on-demand USD per hour (2021 prices: use for ratios), null where not sold. */
export function rdsPrice(instanceClass: string, region: string): number | null {
  const i = rds.regions.indexOf(region);
  return i < 0 ? null : (rds.types[instanceClass]?.[3][i] ?? null);
}

export function rdsClasses(): string[] {
  return Object.keys(rds.types);
}
