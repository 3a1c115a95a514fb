// Side effect on purpose: imported first by the kit's index (see instrumentations.ts).
import { registerKitInstrumentations } from './instrumentations';

registerKitInstrumentations();
