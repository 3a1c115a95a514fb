import { BillingInit1795530269919 } from './migrations/1795530269919-billing-init';
import { BillingNoteEntity } from './note/note.entity';

export const BILLING_ENTITIES = [BillingNoteEntity];

export const BILLING_MIGRATIONS = [BillingInit1795530269919];
