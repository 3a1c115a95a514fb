import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { RetailModule } from './retail.module';
import { CatalogueHandlers } from './catalogue/catalogue.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { SaleHandlers } from './sale/sale.handlers';
import { StockHandlers } from './stock/stock.handlers';

// a handler class Nest only binds when the module lists it as a controller (libs/nest-kit/src/testing/module-wiring.ts)
const listed = (key: 'controllers' | 'providers') => listedIn(RetailModule, key);

describe('retail module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(expect.arrayContaining([CatalogueHandlers, StockHandlers, SaleHandlers, OrgaPurgeHandlers]));
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
