import { RetailInit1796672048616 } from './migrations/1796672048616-retail-init';
import { RetailNoteEntity } from './note/note.entity';

export const RETAIL_ENTITIES = [RetailNoteEntity];

export const RETAIL_MIGRATIONS = [RetailInit1796672048616];
