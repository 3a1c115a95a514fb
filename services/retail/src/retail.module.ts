import { Module } from '@nestjs/common';
import { CatalogueHandlers } from './catalogue/catalogue.handlers';
import { CatalogueService } from './catalogue/catalogue.service';
import { PayrollHandlers } from './payroll/payroll.handlers';
import { PayrollService } from './payroll/payroll.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { ReceiptService } from './receipt/receipt.service';
import { SaleHandlers } from './sale/sale.handlers';
import { SaleService } from './sale/sale.service';
import { StockHandlers } from './stock/stock.handlers';
import { StockLedger } from './stock/stock-ledger.service';
import { StockService } from './stock/stock.service';
import { FISCAL_TILL } from './till/fiscal-till.port';
import { SandboxTill } from './till/sandbox-till';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [CatalogueHandlers, StockHandlers, SaleHandlers, PayrollHandlers, OrgaPurgeHandlers],
  // the certified till is a port (ADR 0064): the sandbox until a real till's adapter is configured
  providers: [
    CatalogueService,
    StockLedger,
    StockService,
    SaleService,
    ReceiptService,
    PayrollService,
    { provide: FISCAL_TILL, useClass: SandboxTill },
  ],
})
export class RetailModule {}
