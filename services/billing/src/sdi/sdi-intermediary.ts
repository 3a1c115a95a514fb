import type { SdiError } from './sdi-rules';

// docs/architecture.md, "Running it": the SdI is reached through an accredited intermediary behind a port. The sandbox
// adapter (sdi-sandbox.ts) plays the intermediary and the SdI on one machine; a real adapter would target an
// intermediary's published API (A-Cube's: POST /invoices with the FatturaPA XML, GET /invoices/{uuid}/notifications).

/** The SdI's answers about a file: delivered (RC), rejected (NS, with its error codes), not deliverable (MC). */
export type SdiReceiptType = 'RC' | 'NS' | 'MC';

export type SdiReceipt = { type: SdiReceiptType; at: string; errors: SdiError[] };

export type SdiFile = { fileName: string; xml: string };

export abstract class SdiIntermediary {
  abstract readonly name: string;
  /** hands a file to the intermediary, which sends it to the SdI; answers its id for the file */
  abstract submit(file: SdiFile, now: Date): Promise<{ ref: string }>;
  /** the SdI's receipts for the file so far (none while the SdI has not answered) */
  abstract receipts(ref: string): Promise<SdiReceipt[]>;
}

/** The state an invoice's e-invoice is in after a receipt: RC delivered, MC not deliverable (still issued), NS rejected. */
export function stateAfter(receipt: SdiReceiptType): 'delivered' | 'not_deliverable' | 'rejected' {
  return receipt === 'RC' ? 'delivered' : receipt === 'MC' ? 'not_deliverable' : 'rejected';
}
