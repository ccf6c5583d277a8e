/**
 * The TEC site as a peer (../website/remote.ts): its reads and writes over one HTTP client, with what
 * this pass has read kept for the pass. The engine makes one for each pass, so nothing read is
 * trusted across passes.
 */
import type { Remote } from '../website/remote.ts';
import type { TecHttp } from './tec-http.ts';
import { createTecReads, newReadCache } from './tec-reads.ts';
import { TEC_FIELDS } from './tec-views.ts';
import { createTecWrites } from './tec-writes.ts';

export function createTecRemote(http: TecHttp, options: { trustsRaw: boolean }): Remote {
  const cache = newReadCache();
  const reads = createTecReads(http, cache);
  const writes = createTecWrites(http, cache, options, reads.read);
  return { fields: TEC_FIELDS, ...reads, ...writes };
}
