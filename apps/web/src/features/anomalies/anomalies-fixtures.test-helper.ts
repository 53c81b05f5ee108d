import type { Anomaly } from '@finlens/contracts/anomalies';

const explorer = {
  start_date: '2026-11-10',
  end_date: '2026-11-14',
  group_by: 'product_servicename',
  product_servicename: 'Amazon EC2',
};

/** Newest start first, as the server answers: a dismissed one before an open one. */
export const DISMISSED_S3: Anomaly = {
  id: 'an-s3',
  dimension: 'service',
  key: 'Amazon S3',
  start_date: '2026-11-15',
  end_date: '2026-11-15',
  actual_cost: 90,
  expected_cost: 30,
  increase: 60,
  increase_percent: 200,
  score: 7.5,
  severity: 'warning',
  status: 'dismissed',
  reason: 'Backup restore test',
  status_changed_by: 'u-1',
  status_changed_at: '2026-11-16T08:00:00.000Z',
  drivers: [{ resource_id: 'arn:aws:s3:::backups', cost: 60 }],
  explorer,
  explorer_url: '/v3/cloud-resource-cost-api/?product_servicename=Amazon+S3',
  detected_at: '2026-11-16T07:00:00.000Z',
};

export const OPEN_EC2: Anomaly = {
  ...DISMISSED_S3,
  id: 'an-ec2',
  key: 'Amazon EC2',
  start_date: '2026-11-10',
  end_date: '2026-11-14',
  actual_cost: 900,
  expected_cost: 300,
  increase: 600,
  increase_percent: 200,
  severity: 'critical',
  status: 'open',
  reason: null,
  status_changed_by: null,
  status_changed_at: null,
  drivers: [
    { resource_id: 'i-0abc', cost: 450 },
    { resource_id: 'i-0def', cost: 100 },
    { resource_id: null, cost: 50 },
  ],
  explorer_url: `/v3/cloud-resource-cost-api/?${new URLSearchParams(explorer).toString()}`,
};
