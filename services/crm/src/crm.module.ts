import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import type { CrmConfig } from './crm.config';
import { CustomerHandlers } from './customer/customer.handlers';
import { CustomerService } from './customer/customer.service';
import { ExternalServiceHandlers } from './external-service/external-service.handlers';
import { ExternalServiceService } from './external-service/external-service.service';
import { FILE_STORAGE, type FileStorage } from './file/file-storage';
import { FileHandlers } from './file/file.handlers';
import { FileService } from './file/file.service';
import { LocalDiskStorage } from './file/local-disk.storage';
import { S3Storage } from './file/s3.storage';
import { MessagingLinkHandlers } from './messaging-link/messaging-link.handlers';
import { PetHandlers } from './pet/pet.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { PetService } from './pet/pet.service';
import { SettingsHandlers } from './settings/settings.handlers';
import { SettingsService } from './settings/settings.service';
import { TagHandlers } from './tag/tag.handlers';
import { TagLinks } from './tag/tag-links';
import { TagService } from './tag/tag.service';

export function fileStorage(config: CrmConfig): FileStorage {
  if (config.CRM_STORAGE === 's3') {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT ?? '',
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    });
  }
  return new LocalDiskStorage(config.CRM_FILES_DIR);
}

@Module({
  controllers: [CustomerHandlers, PetHandlers, TagHandlers, ExternalServiceHandlers, SettingsHandlers, OrgaPurgeHandlers, FileHandlers, MessagingLinkHandlers],
  providers: [
    { provide: FILE_STORAGE, useFactory: fileStorage, inject: [SERVICE_CONFIG] },
    TagLinks,
    SettingsService,
    CustomerService,
    PetService,
    TagService,
    ExternalServiceService,
    FileService,
  ],
})
export class CrmModule {}
