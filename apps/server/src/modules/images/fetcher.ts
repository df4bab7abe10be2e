import { readFileSync } from 'node:fs';
import { LIMITS } from '@josie/contract';
import type { Config } from '../../config.js';
import { addressInRanges, createSafeFetcher, parseAddressRanges, type SafeFetcher } from '../../lib/ssrf.js';

/**
 * The SSRF-guarded fetcher image import uses (docs/product/rules-and-limits.md#media,
 * docs/product/rules-and-limits.md#constants: 10 s, 5 MB), with the operator's
 * `IMAGE_FETCH_ALLOWED_ADDRESSES` and `IMAGE_FETCH_CA_FILE`. Also used for images an AI endpoint answers by
 * link.
 */
export function imageFetcherFor(config: Config): SafeFetcher {
  const i = config.integrations;
  const allowed = i.imageFetchAllowedAddresses
    ? addressInRanges(parseAddressRanges(i.imageFetchAllowedAddresses))
    : null;
  return createSafeFetcher({
    timeoutMs: 10_000,
    maxBytes: LIMITS.imageMaxBytes,
    maxRedirects: 3,
    ...(allowed ? { allowAddress: allowed } : {}),
    ...(i.imageFetchCaFile ? { extraCa: readFileSync(i.imageFetchCaFile) } : {}),
    userAgent: `Josie image import (+${config.publicUrl})`,
  });
}
