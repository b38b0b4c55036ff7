import type { CatalogueCsvProgress } from '@shop/contracts/catalogue-csv';
import { ApiRefusal } from '../../shared/api';

/** The console's CSV routes (release-control streams them through to cart-service). */
export const CATALOGUE_CSV_PATH = '/operations/api/catalogue/products.csv';

/** The import's outcome: the stream's last line. */
export type CsvOutcome = Extract<CatalogueCsvProgress, { result: unknown } | { error: unknown }>;
export type CsvPhase = Extract<CatalogueCsvProgress, { phase: unknown }>;

const CUT = 'La réponse de la boutique a été coupée avant la fin de l’import : rechargez le catalogue pour voir s’il a été enregistré.';

/**
 * Sends the file as it is (the browser streams it from disk) and reads the answer's NDJSON as it arrives: each progress
 * line goes to `onPhase`, the last line is the outcome. A refusal before the stream (not CSV, too large, no role) is
 * the API's envelope, thrown as an ApiRefusal as every other call of the console.
 */
export async function importCatalogueCsv(file: Blob, onPhase: (phase: CsvPhase) => void): Promise<CsvOutcome> {
  let response: Response;
  try {
    response = await fetch(CATALOGUE_CSV_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/csv', Accept: 'application/x-ndjson' },
      body: file,
    });
  } catch {
    throw new ApiRefusal(0, { code: 'unavailable', message: 'La boutique ne répond pas. Vérifiez la connexion et réessayez.' });
  }
  if (response.status === 401) {
    window.location.assign('/operations/login');
    throw new ApiRefusal(401, { code: 'unauthorized', message: 'Session expirée : reconnectez-vous.' });
  }
  if (!response.headers.get('Content-Type')?.startsWith('application/x-ndjson') || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { error?: ApiRefusal['body'] } | null;
    throw new ApiRefusal(response.status, envelope?.error ?? { code: 'unavailable', message: `Réponse inattendue de la boutique (HTTP ${response.status}).` });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    pending += part.value;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as CatalogueCsvProgress;
      if ('phase' in line) onPhase(line);
      else return line;
    }
  }
  throw new ApiRefusal(0, { code: 'unavailable', message: CUT });
}
