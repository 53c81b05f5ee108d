import { describe, expect, it } from 'vitest';
import {
  instanceFamily,
  instanceSize,
  normalisationFactor,
  normalisedUnits,
  sizeNormalisationFactor,
} from './normalisation';

describe('normalisation factors', () => {
  it('follows the AWS table from nano to 32xlarge', () => {
    const table: [string, number][] = [
      ['nano', 0.25],
      ['micro', 0.5],
      ['small', 1],
      ['medium', 2],
      ['large', 4],
      ['xlarge', 8],
      ['2xlarge', 16],
      ['4xlarge', 32],
      ['8xlarge', 64],
      ['12xlarge', 96],
      ['16xlarge', 128],
      ['24xlarge', 192],
      ['32xlarge', 256],
    ];
    for (const [size, factor] of table) expect(sizeNormalisationFactor(size)).toBe(factor);
  });

  it('reads EC2, RDS and ElastiCache instance types and refuses to guess metal', () => {
    expect(normalisationFactor('m5.xlarge')).toBe(8);
    expect(normalisationFactor('db.r6g.large')).toBe(4);
    expect(normalisationFactor('cache.t3.micro')).toBe(0.5);
    expect(normalisationFactor('m5.metal')).toBeNull();
    expect(normalisationFactor('')).toBeNull();
    expect(instanceFamily('db.r6g.large')).toBe('db.r6g');
    expect(instanceSize('c5.18xlarge')).toBe('18xlarge');
  });

  it('one xlarge hour is as many units as two large hours', () => {
    expect(normalisedUnits('m5.xlarge', 1)).toBe(normalisedUnits('m5.large', 2));
    expect(normalisedUnits('m5.metal', 1)).toBeNull();
  });
});
