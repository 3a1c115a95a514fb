import { createExternalServiceRpc, errorMessage, updateCrmSettingsRpc } from '@pawline/contracts';

const orga_id = '2f7c7d3e-4a57-4c4e-9a39-7d0c2b0f4b11';

describe('crm settings and external services contracts', () => {
  it('R5.13 mandatory customer information allows at most 3 options', () => {
    expect(updateCrmSettingsRpc.request.safeParse({ orga_id, mandatory_customer_info: ['fon', 'email', 'city'] }).success).toBe(true);
    expect(updateCrmSettingsRpc.request.safeParse({ orga_id, mandatory_customer_info: ['fon', 'email', 'city', 'zip_code'] }).success).toBe(
      false,
    );
    expect(updateCrmSettingsRpc.request.safeParse({ orga_id, mandatory_customer_info: ['shoe_size'] }).success).toBe(false);
  });

  it('R5.13 pet information at checkout is Do not ask, Ask or Ask and required; microchip can be required', () => {
    const parsed = updateCrmSettingsRpc.request.parse({
      orga_id,
      pet_checkout: { microchip: 'ask_required', breed: 'ask', weight: 'do_not_ask' },
    });
    expect(parsed.pet_checkout).toEqual({ microchip: 'ask_required', breed: 'ask', weight: 'do_not_ask' });
    expect(updateCrmSettingsRpc.request.safeParse({ orga_id, pet_checkout: { microchip: 'required' } }).success).toBe(false);
  });

  it('R1.10 R5.14 R8.04 an external service has a service id and a name; a used id answers server_401', () => {
    expect(createExternalServiceRpc.request.safeParse({ orga_id, service_id: 'fatture', name: 'Fatture in Cloud' }).success).toBe(true);
    expect(createExternalServiceRpc.request.safeParse({ orga_id, service_id: '', name: 'x' }).success).toBe(false);
    expect(errorMessage('server_401', 'en')).toBe('The id is already in use');
  });
});
