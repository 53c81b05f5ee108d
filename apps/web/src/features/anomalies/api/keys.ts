/** Query keys of the anomalies; a status change refreshes the list. */
export const anomalyKeys = { all: ['anomalies'] as const };
