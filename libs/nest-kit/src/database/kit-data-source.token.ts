/**
 * The service's TypeORM DataSource as the kit's own providers ask for it (optional: absent without a
 * database). A token of the kit's rather than typeorm's DataSource class, so a process without a database
 * (the gateway) never loads typeorm (docs/adr/0037).
 */
export const KIT_DATA_SOURCE = Symbol('KIT_DATA_SOURCE');
