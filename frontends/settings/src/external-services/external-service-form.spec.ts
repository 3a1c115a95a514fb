import { externalServiceChange, sortExternalServices, validateExternalServiceForm } from './external-service-form';
import type { ExternalService } from './external-services-api';

const ORGA = '22222222-2222-4222-8222-222222222222';
const service = (id: number, service_id: string, name: string): ExternalService => ({
  id: `e0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  orga_id: ORGA,
  service_id,
  name,
});
const vet = service(1, 'vetsoft', 'Vetsoft');
const shop = service(2, 'shop-42', 'Negozio');

describe('external service form', () => {
  it('R5.01 requires a service id and a name, within the contract lengths', () => {
    expect(validateExternalServiceForm({ service_id: ' ', name: '' })).toEqual({
      service_id: 'validation.required',
      name: 'validation.required',
    });
    expect(validateExternalServiceForm({ service_id: 'x'.repeat(65), name: 'n'.repeat(101) })).toEqual({
      service_id: 'settings.externalServiceIdTooLong',
      name: 'settings.externalServiceNameTooLong',
    });
    expect(validateExternalServiceForm({ service_id: 'x'.repeat(64), name: 'n'.repeat(100) })).toEqual({});
  });

  it('R5.14 refuses a service id another service of the organization uses', () => {
    expect(validateExternalServiceForm({ service_id: ' vetsoft ', name: 'Altro' }, [vet, shop])).toEqual({
      service_id: 'errors.server_401',
    });
    expect(validateExternalServiceForm({ service_id: 'VETSOFT', name: 'Altro' }, [vet, shop])).toEqual({});
  });

  it('changes only what differs, trimmed', () => {
    expect(externalServiceChange(vet, { service_id: 'vetsoft', name: ' Vetsoft Pro ' })).toEqual({ name: 'Vetsoft Pro' });
    expect(externalServiceChange(vet, { service_id: 'vetsoft', name: 'Vetsoft' })).toEqual({});
  });

  it('sorts by name in the language of the user', () => {
    expect(sortExternalServices([vet, shop], 'it').map((s) => s.name)).toEqual(['Negozio', 'Vetsoft']);
  });
});
