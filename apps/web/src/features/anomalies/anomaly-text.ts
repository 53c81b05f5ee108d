import type { Anomaly, AnomalyStatus } from '@finlens/contracts/anomalies';

const DIMENSION_LABELS: Record<Anomaly['dimension'], string> = {
  account: 'Account',
  service: 'Service',
  usage_type: 'Usage type',
};

export const STATUS_LABELS: Record<AnomalyStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  dismissed: 'Dismissed',
  expected: 'Expected',
};

/** "Service Amazon EC2". */
export function scopeText(anomaly: Anomaly): string {
  return `${DIMENSION_LABELS[anomaly.dimension]} ${anomaly.key}`;
}

/** Open anomalies first; the sort is stable, so each group keeps the server's newest-start-first order. */
export function openFirst(anomalies: Anomaly[]): Anomaly[] {
  return [...anomalies].sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open'));
}
