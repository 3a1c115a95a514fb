import { orderForStart, selectServices, isServiceDefinitionLike, servicesForGateway } from './service-selection';

describe('co-host service selection', () => {
  const defs = [{ name: 'gateway' }, { name: 'crm' }, { name: 'identity' }, { name: 'crm' }];

  it('starts the gateway last and each service once', () => {
    expect(orderForStart(defs).map((d) => d.name)).toEqual(['crm', 'identity', 'gateway']);
  });

  it('limits the services to PAWLINE_SERVICES and names unknown ones', () => {
    const ordered = orderForStart(defs);
    expect(selectServices(ordered, undefined)).toBe(ordered);
    expect(selectServices(ordered, 'identity').map((d) => d.name)).toEqual(['identity', 'gateway']);
    expect(selectServices(ordered, 'identity, gateway').map((d) => d.name)).toEqual(['identity', 'gateway']);
    expect(() => selectServices(ordered, 'identity,billing')).toThrow(
      'PAWLINE_SERVICES names unknown services: billing (known: crm, identity, gateway)',
    );
  });

  it('tells the gateway every started service but itself', () => {
    expect(servicesForGateway(orderForStart(defs))).toBe('crm,identity');
  });

  it('recognises exported service definitions by their name and module class', () => {
    class IdentityModule {}
    expect(isServiceDefinitionLike({ name: 'identity', module: IdentityModule })).toBe(true);
    expect(isServiceDefinitionLike({ name: 'identity' })).toBe(false);
    expect(isServiceDefinitionLike('identity')).toBe(false);
    expect(isServiceDefinitionLike(null)).toBe(false);
  });
});
