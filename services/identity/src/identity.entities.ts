import { ApiKeyEntity } from './api-key/api-key.entity';
import { EmailTokenEntity } from './auth/email-token.entity';
import { RefreshTokenEntity } from './auth/refresh-token.entity';
import { SessionEntity } from './auth/session.entity';
import { OutgoingMailEntity } from './mail/outgoing-mail.entity';
import { SandboxMailEntity } from './mail/sandbox-mail.entity';
import { OrgaUserEntity } from './orga/orga-user.entity';
import { OrganizationEntity } from './orga/organization.entity';
import { PromoCodeEntity } from './orga/promo-code.entity';
import { StoreUserEntity } from './orga/store-user.entity';
import { StoreEntity } from './orga/store.entity';
import { PersonUserEntity } from './user/person-user.entity';
import { UserRatingEntity } from './user/user-rating.entity';
import { IdentityInit1764000000000 } from './migrations/1764000000000-identity-init';
import { UserRating1764000000001 } from './migrations/1764000000001-user-rating';
import { AccountAndTeam1764000000002 } from './migrations/1764000000002-account-and-team';
import { AppointmentCardCustom1795520400000 } from './migrations/1795520400000-appointment-card-custom';
import { CustomizedPlanLimits1795552000000 } from './migrations/1795552000000-customized-plan-limits';
import { ApiKeys1796000000000 } from './migrations/1796000000000-api-keys';
import { VerificationCode1796100000000 } from './migrations/1796100000000-verification-code';
import { WelcomeSeen1796100000001 } from './migrations/1796100000001-welcome-seen';

export const IDENTITY_ENTITIES = [
  PersonUserEntity,
  OrganizationEntity,
  StoreEntity,
  OrgaUserEntity,
  StoreUserEntity,
  SessionEntity,
  RefreshTokenEntity,
  EmailTokenEntity,
  PromoCodeEntity,
  SandboxMailEntity,
  OutgoingMailEntity,
  UserRatingEntity,
  ApiKeyEntity,
];

export const IDENTITY_MIGRATIONS = [
  IdentityInit1764000000000,
  UserRating1764000000001,
  AccountAndTeam1764000000002,
  AppointmentCardCustom1795520400000,
  CustomizedPlanLimits1795552000000,
  ApiKeys1796000000000,
  VerificationCode1796100000000,
  WelcomeSeen1796100000001,
];
