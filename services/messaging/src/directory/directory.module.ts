import { Global, Module } from '@nestjs/common';
import { DIRECTORY } from '../ports';
import { DirectoryHandlers } from './directory.handlers';
import { SqlDirectory } from './directory.service';

/**
 * What messaging knows of stores, customers, pets and appointments, kept from their services' events. Global:
 * the inbox, the sender and the reminder scheduler all ask DIRECTORY without importing this module.
 */
@Global()
@Module({
  controllers: [DirectoryHandlers],
  providers: [SqlDirectory, { provide: DIRECTORY, useExisting: SqlDirectory }],
  exports: [DIRECTORY, SqlDirectory],
})
export class DirectoryModule {}
