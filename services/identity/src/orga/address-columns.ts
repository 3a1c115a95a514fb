import { Column } from 'typeorm';

/**
 * The postal address lines organization, store and orga_user (a member's contact data) all
 * carry, with the same column names, types and lengths, each optional. Not an entity itself;
 * each table's entity extends it. The country is not here: orga_user's is optional, the
 * others' required (see PlaceColumns).
 */
export abstract class AddressColumns {
  @Column({ type: 'varchar', length: 200, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'zip_code', nullable: true })
  zipCode!: string | null;
}

/** Organization and store: a name and an address whose two-letter country is required (a new store's time zone follows it). */
export abstract class PlaceColumns extends AddressColumns {
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 2 })
  country!: string;
}
