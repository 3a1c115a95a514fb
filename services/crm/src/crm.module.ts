import { Module } from '@nestjs/common';
import { FILE_STORAGE, SERVICE_CONFIG, fileStorageFrom, type FileStorage } from '@pawline/nest-kit';
import type { CrmConfig } from './crm.config';
import { CareHandlers } from './care/care.handlers';
import { CareSettingsService } from './care/care-settings.service';
import { VaccinationService } from './care/vaccination.service';
import { CustomerHandlers } from './customer/customer.handlers';
import { CustomerService } from './customer/customer.service';
import { DepositOverrideHandlers } from './deposit-override/deposit-override.handlers';
import { ExternalServiceHandlers } from './external-service/external-service.handlers';
import { ExternalServiceService } from './external-service/external-service.service';
import { FileHandlers } from './file/file.handlers';
import { FileService } from './file/file.service';
import { BookingLinkHandlers } from './booking-link/booking-link.handlers';
import { MessagingLinkHandlers } from './messaging-link/messaging-link.handlers';
import { PetHandlers } from './pet/pet.handlers';
import { NoShowHandlers } from './no-show/no-show.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { PetCardService } from './pet/pet-cards.service';
import { PetService } from './pet/pet.service';
import { SettingsHandlers } from './settings/settings.handlers';
import { SettingsService } from './settings/settings.service';
import { TagHandlers } from './tag/tag.handlers';
import { TagLinks } from './tag/tag-links';
import { TagService } from './tag/tag.service';

export function fileStorage(config: CrmConfig): FileStorage {
  return fileStorageFrom(config.CRM_STORAGE, config.CRM_FILES_DIR, config);
}

@Module({
  controllers: [
    CustomerHandlers,
    PetHandlers,
    TagHandlers,
    ExternalServiceHandlers,
    SettingsHandlers,
    OrgaPurgeHandlers,
    NoShowHandlers,
    FileHandlers,
    MessagingLinkHandlers,
    BookingLinkHandlers,
    DepositOverrideHandlers,
    CareHandlers,
  ],
  providers: [
    { provide: FILE_STORAGE, useFactory: fileStorage, inject: [SERVICE_CONFIG] },
    TagLinks,
    SettingsService,
    CustomerService,
    PetService,
    PetCardService,
    TagService,
    ExternalServiceService,
    FileService,
    VaccinationService,
    CareSettingsService,
  ],
})
export class CrmModule {}
