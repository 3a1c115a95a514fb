import { WebhooksInit1796672046491 } from './migrations/1796672046491-webhooks-init';
import { WebhooksNoteEntity } from './note/note.entity';

export const WEBHOOKS_ENTITIES = [WebhooksNoteEntity];

export const WEBHOOKS_MIGRATIONS = [WebhooksInit1796672046491];
