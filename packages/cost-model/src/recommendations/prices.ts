/**
 * AWS public list prices (us-east-1, USD) for what the instance catalogues do not hold. Used only when the bill
 * has no line of the resource, and for ratios (gp2 → gp3); the bill's own cost wins otherwise.
 */
export const EBS_GB_MONTH: Record<string, number> = {
  gp2: 0.1,
  gp3: 0.08,
  io1: 0.125,
  io2: 0.125,
  st1: 0.045,
  sc1: 0.015,
  standard: 0.05,
};
export const GP3_BASELINE_IOPS = 3000;
export const GP3_IOPS_MONTH = 0.005;
/** gp3 throughput included in the GB price (MiB/s), and the price per MiB/s-month above it. */
export const GP3_BASELINE_THROUGHPUT = 125;
export const GP3_THROUGHPUT_MONTH = 0.04;
export const IO1_IOPS_MONTH = 0.065;
/** io2 provisioned IOPS tiers: up to 32,000; 32,001–64,000; above. */
export const IO2_IOPS_TIERS = [
  { upTo: 32_000, price: 0.065 },
  { upTo: 64_000, price: 0.0455 },
  { upTo: Number.POSITIVE_INFINITY, price: 0.032 },
] as const;
export const SNAPSHOT_GB_MONTH = { standard: 0.05, archive: 0.0125 } as const;
/**
 * RDS snapshot storage per GB-month (us-east-1 list, usage type `RDS:ChargedBackupUsage`): a deleted database's
 * final snapshot bills all of its size, since the free backup storage (as much as the region's provisioned database
 * storage) shrinks with the database.
 */
export const RDS_SNAPSHOT_GB_MONTH = 0.095;
export const ELASTIC_IP_HOUR = 0.005;
export const NAT_GATEWAY_HOUR = 0.045;
export const LAMBDA_GB_SECOND = 0.0000166667;
export const LAMBDA_REQUEST = 0.0000002;
/** S3 per GB-month: Standard, and Intelligent-Tiering's Infrequent Access tier (objects not read for 30 days). */
export const S3_GB_MONTH = { STANDARD: 0.023, INTELLIGENT_TIERING_IA: 0.0125 } as const;
/**
 * S3 storage per GB-month by the class the bill and CloudWatch name (us-east-1, first 50 TB); Intelligent-Tiering
 * at its Frequent Access tier, the most a byte there costs.
 */
export const S3_CLASS_GB_MONTH: Readonly<Record<string, number>> = {
  STANDARD: 0.023,
  STANDARD_IA: 0.0125,
  ONEZONE_IA: 0.01,
  INTELLIGENT_TIERING: 0.023,
  GLACIER_IR: 0.004,
  GLACIER: 0.0036,
  DEEP_ARCHIVE: 0.00099,
  REDUCED_REDUNDANCY: 0.024,
};
/** The S3 storage class a CUR storage usage type bills (its region prefix, `USE1-`, left off). */
const S3_STORAGE_USAGE_TYPES: Readonly<Record<string, string>> = {
  'TimedStorage-ByteHrs': 'STANDARD',
  'TimedStorage-RRS-ByteHrs': 'REDUCED_REDUNDANCY',
  'TimedStorage-SIA-ByteHrs': 'STANDARD_IA',
  'TimedStorage-ZIA-ByteHrs': 'ONEZONE_IA',
  'TimedStorage-INT-FA-ByteHrs': 'INTELLIGENT_TIERING',
  'TimedStorage-GIR-ByteHrs': 'GLACIER_IR',
  'TimedStorage-GlacierByteHrs': 'GLACIER',
  'TimedStorage-GDA-ByteHrs': 'DEEP_ARCHIVE',
};

/** The storage class of an S3 usage type (`USE1-TimedStorage-SIA-ByteHrs` → STANDARD_IA); null: not storage. */
export function s3StorageClassOf(usageType: string): string | null {
  const dash = usageType.indexOf('-TimedStorage');
  return S3_STORAGE_USAGE_TYPES[dash < 0 ? usageType : usageType.slice(dash + 1)] ?? null;
}

export const LOAD_BALANCER_HOUR: Record<string, number> = {
  application: 0.0225,
  network: 0.0225,
  gateway: 0.0125,
  classic: 0.025,
};

export function io2IopsMonthly(iops: number): number {
  let rest = iops;
  let floor = 0;
  let total = 0;
  for (const tier of IO2_IOPS_TIERS) {
    const inTier = Math.max(0, Math.min(rest, tier.upTo - floor));
    total += inTier * tier.price;
    rest -= inTier;
    floor = tier.upTo;
  }
  return total;
}

/** What a gp3 volume's throughput above the included 125 MiB/s costs a month at list (0 for other types). */
export const throughputMonthly = (volumeType: string, throughputMiBps: number | null): number =>
  volumeType === 'gp3'
    ? Math.max(0, (throughputMiBps ?? GP3_BASELINE_THROUGHPUT) - GP3_BASELINE_THROUGHPUT) *
      GP3_THROUGHPUT_MONTH
    : 0;

/** A volume's list price per month from its type, size, provisioned IOPS and (gp3) throughput. */
export function volumeListMonthly(
  volumeType: string,
  sizeGiB: number,
  iops: number | null,
  throughputMiBps: number | null = null,
): number | null {
  const perGb = EBS_GB_MONTH[volumeType];
  if (perGb === undefined) return null;
  const provisioned = iops ?? 0;
  const iopsCost =
    volumeType === 'io1'
      ? provisioned * IO1_IOPS_MONTH
      : volumeType === 'io2'
        ? io2IopsMonthly(provisioned)
        : volumeType === 'gp3'
          ? Math.max(0, provisioned - GP3_BASELINE_IOPS) * GP3_IOPS_MONTH
          : 0;
  return sizeGiB * perGb + iopsCost + throughputMonthly(volumeType, throughputMiBps);
}

/**
 * What the safety snapshots a delete keeps cost a month at list: each volume's whole size at the standard snapshot
 * price — an upper bound (a snapshot stores only the blocks written; the simulated cloud's holds the whole volume).
 */
export const safetySnapshotsMonthly = (sizesGiB: readonly number[]): number =>
  sizesGiB.reduce((sum, size) => sum + size, 0) * SNAPSHOT_GB_MONTH.standard;

/**
 * A delete's saving less the safety snapshots it keeps, at the saving's own effective ÷ on-demand ratio (the
 * account's `effectiveRate` when the saving has no on-demand figure).
 */
export function lessSnapshots<S extends { effective: number; onDemand: number }>(
  saving: S,
  snapshotsList: number,
  effectiveRate: number,
): S {
  const ratio = saving.onDemand > 0 ? saving.effective / saving.onDemand : effectiveRate;
  return {
    ...saving,
    effective: saving.effective - snapshotsList * ratio,
    onDemand: saving.onDemand - snapshotsList,
  };
}
