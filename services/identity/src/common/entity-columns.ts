import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

const selects = new WeakMap<object, Map<string, string>>();

/**
 * The select list `alias."db_name" AS "propertyName"` of every column of an entity, from its
 * TypeORM metadata (computed once): rows of a hand-written query then read straight into the
 * entity with `asEntity`. For the calls made on every request (the session check), where building
 * the query with TypeORM's query builder cost more than running it.
 */
export function entityColumns(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>, alias: string): string {
  const metadata = dataSource.getMetadata(entity);
  let byAlias = selects.get(metadata);
  if (!byAlias) {
    byAlias = new Map();
    selects.set(metadata, byAlias);
  }
  let list = byAlias.get(alias);
  if (!list) {
    list = metadata.columns.map((column) => `${alias}."${column.databaseName}" AS "${column.propertyName}"`).join(', ');
    byAlias.set(alias, list);
  }
  return list;
}

/** A row selected with entityColumns as an instance of the entity class. */
export function asEntity<T extends object>(entity: new () => T, row: Record<string, unknown>): T {
  return Object.assign(new entity(), row);
}
