import { WebhookDeliveryEntity } from './delivery/delivery.entity';
import { WebhookEndpointEntity } from './endpoint/endpoint.entity';
import { WebhooksInit1796672046491 } from './migrations/1796672046491-webhooks-init';
import { WebhookSecretOverlap1796672046492 } from './migrations/1796672046492-webhook-secret-overlap';

export const WEBHOOKS_ENTITIES = [WebhookEndpointEntity, WebhookDeliveryEntity];

export const WEBHOOKS_MIGRATIONS = [WebhooksInit1796672046491, WebhookSecretOverlap1796672046492];
