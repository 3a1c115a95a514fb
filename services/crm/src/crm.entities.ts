import { StoreCareSettingsEntity } from './care/care-settings.entity';
import { PetVaccinationEntity } from './care/pet-vaccination.entity';
import { CustomerEntity } from './customer/customer.entity';
import { CustomerDepositOverrideEntity } from './deposit-override/deposit-override.entity';
import { CustomerExternalIdEntity } from './external-service/customer-external-id.entity';
import { ExternalServiceEntity } from './external-service/external-service.entity';
import { StoredFileEntity } from './file/stored-file.entity';
import { UploadPartEntity } from './file/upload-part.entity';
import { CrmInit1764100000000 } from './migrations/1764100000000-crm-init';
import { CrmNoShow1795600400000 } from './migrations/1795600400000-crm-no-show';
import { CrmDepositOverride1795700600000 } from './migrations/1795700600000-crm-deposit-override';
import { CrmCare1795800000000 } from './migrations/1795800000000-crm-care';
import { AppointmentNoShowEntity } from './no-show/appointment-no-show.entity';
import { PetEntity } from './pet/pet.entity';
import { CrmSettingsEntity } from './settings/crm-settings.entity';
import { CustomerTagEntity } from './tag/customer-tag.entity';
import { PetTagEntity } from './tag/pet-tag.entity';
import { TagEntity } from './tag/tag.entity';

export const CRM_ENTITIES = [
  CustomerEntity,
  PetEntity,
  TagEntity,
  CustomerTagEntity,
  PetTagEntity,
  ExternalServiceEntity,
  CustomerExternalIdEntity,
  CrmSettingsEntity,
  StoredFileEntity,
  UploadPartEntity,
  AppointmentNoShowEntity,
  CustomerDepositOverrideEntity,
  PetVaccinationEntity,
  StoreCareSettingsEntity,
];

export const CRM_MIGRATIONS = [CrmInit1764100000000, CrmNoShow1795600400000, CrmDepositOverride1795700600000, CrmCare1795800000000];
