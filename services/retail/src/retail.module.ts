import { Module } from '@nestjs/common';
import { CatalogueHandlers } from './catalogue/catalogue.handlers';
import { CatalogueService } from './catalogue/catalogue.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { SaleHandlers } from './sale/sale.handlers';
import { SaleService } from './sale/sale.service';
import { StockHandlers } from './stock/stock.handlers';
import { StockLedger } from './stock/stock-ledger.service';
import { StockService } from './stock/stock.service';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [CatalogueHandlers, StockHandlers, SaleHandlers, OrgaPurgeHandlers],
  providers: [CatalogueService, StockLedger, StockService, SaleService],
})
export class RetailModule {}
